import { Box, Card, Image, Stack, Table, Title } from '@mantine/core';
import { PublicationStatus } from '@xp/contracts/enums';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/ui/inputs/date-utils';
import { SelectField } from '@/ui/inputs/select-field';
import type { Form, WizardValues } from './wizard-form';

interface SummaryStepProps {
  form: Form;
  /** What shows the banner: an object URL of the upload, or a CDN hash. */
  bannerSrc: string | null;
}

/** Step 4: everything chosen, with the banner, and the status (default Published). */
export function SummaryStep({ form, bannerSrc }: SummaryStepProps) {
  const { t } = useTranslation();
  const values = useWatch({ control: form.control }) as WizardValues;
  const label = (name: string) => t(`challengeTemplate.fields.${name}`);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '—');
  const period = (on: unknown, from: unknown, until: unknown) =>
    on === true
      ? `${formatDate(from as string | null)} – ${until ? formatDate(until as string) : t('challengeTemplate.wizard.openEnded')}`
      : t('challengeTemplate.wizard.noPeriod');
  const unit = t(`challengeTemplate.measurementUnit.${values.measurementUnit}`);

  const rows: [string, ReactNode][] = [
    [label('theme'), t(`challengeTemplate.theme.${values.theme}`)],
    [label('measurement'), t(`challengeTemplate.measurement.${values.measurement}`)],
    [label('measurementUnit'), unit],
    [label('activity'), t(`challengeTemplate.activity.${values.activity}`)],
    [label('difficulty'), t(`challengeTemplate.difficulty.${values.difficulty}`)],
    [label('description'), text(values.description)],
    [label('uniqueFeatureDescription'), text(values.uniqueFeatureDescription)],
    [label('activityDescription'), text(values.activityDescription)],
    [label('benefitDescription'), text(values.benefitDescription)],
    [label('measurementAmount'), `${text(String(values.measurementAmount ?? ''))} ${unit}`],
    [
      t('challengeTemplate.wizard.frequency'),
      t('challengeTemplate.wizard.frequencyText', {
        amount: values.frequencyAmount,
        period: t(`challengeTemplate.frequencyPeriod.${values.frequencyPeriod}`).toLowerCase(),
        periods: values.frequencyPeriodAmount,
      }),
    ],
    [
      t('challengeTemplate.wizard.completion'),
      t('challengeTemplate.wizard.completionText', {
        amount: values.completionAmount,
        period: t(`challengeTemplate.completionPeriod.${values.completionPeriod}`).toLowerCase(),
      }),
    ],
    [
      label('entreoPointsReward'),
      t('challengeTemplate.wizard.points', { points: values.entreoPointsReward }),
    ],
    [t('challengeTemplate.wizard.activePeriod'), period(values.hasDate, values.startDate, values.endDate)],
    [
      t('challengeTemplate.wizard.visiblePeriod'),
      period(values.hasFromDate, values.fromDate, values.fromEndDate),
    ],
  ];

  return (
    <Stack gap="md">
      <Card withBorder padding={0} radius="md">
        {bannerSrc ? (
          <Image src={bannerSrc} alt={t('challengeTemplate.fields.challengeBanner')} h={140} fit="cover" />
        ) : null}
        <Box p="md">
          <Title order={3}>{text(values.name)}</Title>
        </Box>
      </Card>
      <Table
        variant="vertical"
        layout="fixed"
        withTableBorder
        aria-label={t('challengeTemplate.wizard.steps.summary')}
      >
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={220}>{name}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SelectField
        control={form.control}
        name="status"
        label={label('status')}
        description={t('challengeTemplate.wizard.statusHint')}
        required
        maw={480}
        data={Object.values(PublicationStatus).map((value) => ({
          value,
          label: t(`challengeTemplate.status.${value}`),
        }))}
      />
    </Stack>
  );
}
