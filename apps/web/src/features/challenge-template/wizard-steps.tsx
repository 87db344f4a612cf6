import {
  Box,
  Card,
  Group,
  Image,
  Input,
  Pagination,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconApple, IconCheck, IconRun, IconYoga, type TablerIcon } from '@tabler/icons-react';
import {
  activitiesFor,
  defaultUnitByMeasurementType,
  measurementTypesFor,
  themeDefaults,
  unitsFor,
} from '@xp/contracts';
import {
  Difficulty,
  GoalPeriod,
  PublicationStatus,
  TemplateMeasurementPeriod,
  Theme,
} from '@xp/contracts/enums';
import { type ReactNode, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { formatDate } from '@/ui/inputs/date-utils';
import { ImageDropzone } from '@/ui/inputs/image-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { LoadingState } from '@/ui/states';
import { useBannerPictures } from './api';
import { PeriodFields } from './period-fields';
import type { WizardOutput, WizardValues } from './wizard-form';

type Form = UseFormReturn<WizardValues, unknown, WizardOutput>;
const touch = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;

const THEME_ICONS: Record<number, TablerIcon> = {
  [Theme.Movement]: IconRun,
  [Theme.Nutrition]: IconApple,
  [Theme.Relaxation]: IconYoga,
};

/** A banner picture of the bank, picked for this template (its hash shows it in the summary). */
export interface PickedPicture {
  id: number;
  hash: string;
}

/* ----- step 1: theme and what is measured ----- */

/** Step 1: the theme (its defaults follow), measurement type, unit (the type's default), activity, level. */
export function ThemeStep({ form, onThemeChange }: { form: Form; onThemeChange: () => void }) {
  const { t } = useTranslation();
  const { control } = form;
  const theme = Number(useWatch({ control, name: 'theme' }));
  const measurement = Number(useWatch({ control, name: 'measurement' }));
  const { field: themeField } = useFormField({ control, name: 'theme' });
  const { field: typeField, error: typeError } = useFormField({ control, name: 'measurement' });

  const pickTheme = (value: number) => {
    if (value === theme) return;
    themeField.onChange(value);
    const defaults = themeDefaults[value];
    if (defaults) {
      form.setValue('measurement', defaults.measurement, touch);
      form.setValue('measurementUnit', defaults.measurementUnit, touch);
      form.setValue('activity', defaults.activity, touch);
    }
    onThemeChange();
  };

  const pickType = (value: number) => {
    typeField.onChange(value);
    typeField.onBlur();
    const unit = defaultUnitByMeasurementType[value];
    if (unit !== undefined) form.setValue('measurementUnit', unit, touch);
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('challengeTemplate.fields.theme')}
        withAsterisk
        value={String(theme)}
        onChange={(value) => pickTheme(Number(value))}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} mt="xs">
          {Object.values(Theme).map((value) => {
            const Icon = THEME_ICONS[value] ?? IconRun;
            const isChosen = value === theme;
            return (
              <Radio.Card key={value} value={String(value)} radius="md" p="md" withBorder>
                <Group wrap="nowrap" gap="sm">
                  <ThemeIcon variant={isChosen ? 'filled' : 'light'} size="lg" radius="xl" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Text fw={isChosen ? 700 : 500}>{t(`challengeTemplate.theme.${value}`)}</Text>
                  <Radio.Indicator ml="auto" />
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {t('challengeTemplate.wizard.themeHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('challengeTemplate.fields.measurement')}
          required
          allowDeselect={false}
          data={measurementTypesFor(theme).map((value) => ({
            value: String(value),
            label: t(`challengeTemplate.measurement.${value}`),
          }))}
          value={typeField.value === undefined ? null : String(typeField.value)}
          onChange={(value) => value !== null && pickType(Number(value))}
          error={typeError}
          ref={typeField.ref}
        />
        <SelectField
          control={control}
          name="measurementUnit"
          label={t('challengeTemplate.fields.measurementUnit')}
          required
          data={unitsFor(measurement).map((value) => ({
            value,
            label: t(`challengeTemplate.measurementUnit.${value}`),
          }))}
        />
        <SelectField
          control={control}
          name="activity"
          label={t('challengeTemplate.fields.activity')}
          required
          data={activitiesFor(theme).map((value) => ({
            value,
            label: t(`challengeTemplate.activity.${value}`),
          }))}
        />
        <SelectField
          control={control}
          name="difficulty"
          label={t('challengeTemplate.fields.difficulty')}
          required
          data={Object.values(Difficulty).map((value) => ({
            value,
            label: t(`challengeTemplate.difficulty.${value}`),
          }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/* ----- step 2: the banner ----- */

const PICTURES_PER_PAGE = 12;

interface BannerStepProps {
  form: Form;
  /** The stored banner while editing; it counts as the banner until another is chosen. */
  currentHash: string | null;
  picked: PickedPicture | null;
  onPick: (picture: PickedPicture | null) => void;
}

/** Step 2: a picture of the picture bank (active, of the theme's category) or an uploaded banner. */
export function BannerStep({ form, currentHash, picked, onPick }: BannerStepProps) {
  const { t } = useTranslation();
  const { control } = form;
  const theme = Number(useWatch({ control, name: 'theme' }));
  const [page, setPage] = useState(1);
  const pictures = useBannerPictures(theme, page, PICTURES_PER_PAGE);
  const { field: pictureField, error: pictureError } = useFormField({ control, name: 'pictureBankItemId' });
  const { field: fileField, error: fileError } = useFormField({ control, name: 'challengeBanner' });

  const choose = (id: number, hash: string) => {
    const isSame = pictureField.value === id;
    pictureField.onChange(isSame ? null : id);
    onPick(isSame ? null : { id, hash });
    if (!isSame) form.setValue('challengeBanner', null, { shouldDirty: true });
    form.clearErrors(['challengeBanner', 'pictureBankItemId']);
  };

  const items = pictures.data?.items ?? [];
  const total = pictures.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PICTURES_PER_PAGE));
  const file = fileField.value instanceof File ? fileField.value : null;

  return (
    <Stack gap="lg">
      <Input.Wrapper
        label={t('challengeTemplate.wizard.bankPictures', {
          theme: t(`challengeTemplate.theme.${theme}`),
        })}
        description={t('challengeTemplate.wizard.bankHint')}
        error={pictureError}
      >
        <Box mt="xs">
          {pictures.isPending ? (
            <LoadingState />
          ) : pictures.isError ? (
            <Text size="sm" c="red" role="alert">
              {t('challengeTemplate.wizard.bankFailed')}
            </Text>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('challengeTemplate.wizard.bankEmpty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm">
              {items.map((picture) => {
                const isChosen = pictureField.value === picture.id;
                return (
                  <UnstyledButton
                    key={picture.id}
                    onClick={() => choose(picture.id, picture.pictureHash)}
                    aria-pressed={isChosen}
                    aria-label={t('challengeTemplate.wizard.pickPicture', { name: picture.fileName })}
                    pos="relative"
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      overflow: 'hidden',
                      outline: isChosen ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                      outlineOffset: 2,
                    }}
                  >
                    <Image
                      src={cdnUrl(picture.pictureHash, { w: 240, h: 160, fit: 'crop' })}
                      alt=""
                      h={96}
                      fit="cover"
                      loading="lazy"
                      style={{ opacity: isChosen || pictureField.value == null ? 1 : 0.7 }}
                    />
                    {isChosen && (
                      <ThemeIcon radius="xl" size="sm" pos="absolute" top={6} right={6} aria-hidden>
                        <IconCheck size={14} />
                      </ThemeIcon>
                    )}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          )}
          {pages > 1 && (
            <Group justify="center" mt="sm">
              <Pagination
                size="sm"
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('challengeTemplate.wizard.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('challengeTemplate.wizard.nextPage') }
                      : {}
                }
              />
            </Group>
          )}
        </Box>
      </Input.Wrapper>
      <ImageDropzone
        label={t('challengeTemplate.wizard.uploadLabel')}
        description={t('challengeTemplate.wizard.uploadHint')}
        value={file}
        onChange={(next) => {
          fileField.onChange(next);
          if (next) {
            form.setValue('pictureBankItemId', null, { shouldDirty: true });
            onPick(null);
          }
          form.clearErrors(['challengeBanner', 'pictureBankItemId']);
        }}
        onBlur={fileField.onBlur}
        currentHash={picked ? null : currentHash}
        error={fileError}
        previewSize={100}
        previewAspect={3}
      />
    </Stack>
  );
}

/* ----- step 3: texts, amounts and periods ----- */

const amountProps = { inputMode: 'numeric', autoComplete: 'off' } as const;

/** Step 3: name and texts, how often and how much, reward, and the two optional periods. */
export function SettingsStep({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { control } = form;
  const unit = Number(useWatch({ control, name: 'measurementUnit' }));
  const label = (name: string) => t(`challengeTemplate.fields.${name}`);

  return (
    <Stack gap="md">
      <TextField control={control} name="name" label={label('name')} required />
      <TextareaField control={control} name="description" label={label('description')} required minRows={2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="uniqueFeatureDescription"
          label={label('uniqueFeatureDescription')}
        />
        <TextField control={control} name="activityDescription" label={label('activityDescription')} />
      </SimpleGrid>
      <TextareaField
        control={control}
        name="benefitDescription"
        label={label('benefitDescription')}
        minRows={2}
      />

      <Title order={4} mt="sm">
        {t('challengeTemplate.wizard.goal')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="measurementAmount"
          label={label('measurementAmount')}
          required
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {t(`challengeTemplate.measurementUnit.${unit}`)}
            </Text>
          }
          rightSectionWidth="auto"
          {...amountProps}
        />
        <TextField
          control={control}
          name="entreoPointsReward"
          label={label('entreoPointsReward')}
          required
          {...amountProps}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField
          control={control}
          name="frequencyPeriod"
          label={label('frequencyPeriod')}
          required
          data={Object.values(TemplateMeasurementPeriod).map((value) => ({
            value,
            label: t(`challengeTemplate.frequencyPeriod.${value}`),
          }))}
        />
        <TextField
          control={control}
          name="frequencyAmount"
          label={label('frequencyAmount')}
          required
          {...amountProps}
        />
        <TextField
          control={control}
          name="frequencyPeriodAmount"
          label={label('frequencyPeriodAmount')}
          required
          {...amountProps}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="completionPeriod"
          label={label('completionPeriod')}
          required
          data={Object.values(GoalPeriod).map((value) => ({
            value,
            label: t(`challengeTemplate.completionPeriod.${value}`),
          }))}
        />
        <TextField
          control={control}
          name="completionAmount"
          label={label('completionAmount')}
          required
          {...amountProps}
        />
      </SimpleGrid>

      <Title order={4} mt="sm">
        {t('challengeTemplate.wizard.periods')}
      </Title>
      <PeriodFields control={control} period="active" hint={t('challengeTemplate.wizard.hasDateHint')} />
      <PeriodFields control={control} period="visible" hint={t('challengeTemplate.wizard.hasFromDateHint')} />
    </Stack>
  );
}

/* ----- step 4: summary and status ----- */

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
