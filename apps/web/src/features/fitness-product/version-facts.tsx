import { Badge, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { FitnessProductVersion } from '@xp/contracts';
import { ProductVersionStatus } from '@xp/contracts/enums';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { Facts } from '@/ui/facts';
import { formatEuro } from '@/ui/money';

/* A fitness product version as the platform reviews it: status, images, facts and the changes to the accepted one. */

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const color =
    status === ProductVersionStatus.Accepted
      ? 'green'
      : status === ProductVersionStatus.Denied
        ? 'red'
        : 'blue';
  return (
    <Badge variant="light" color={color}>
      {t(`fitnessProduct.versionStatus.${status}`)}
    </Badge>
  );
}

export function ProductImages({ version }: { version: FitnessProductVersion }) {
  const { t } = useTranslation();
  const images = [...version.images].sort((a, b) => a.order - b.order);
  return (
    <Group gap="sm" role="list" aria-label={t('fitnessProduct.fields.images')}>
      {images.map((image, index) => (
        <Paper key={image.id} withBorder radius="md" p={4} role="listitem">
          <Image
            src={cdnUrl(image.imageHash, { w: 240, h: 240, fit: 'contain' })}
            alt={t('fitnessProduct.commissions.imageAlt', { index: index + 1, name: version.name })}
            w={120}
            h={120}
            fit="contain"
          />
        </Paper>
      ))}
    </Group>
  );
}

/** The version's fields, as the labels and values of a definition list. */
export function factsOf(
  t: TFunction,
  version: FitnessProductVersion,
): { key: string; label: string; value: string }[] {
  return [
    { key: 'name', label: t('fitnessProduct.fields.name'), value: version.name },
    { key: 'description', label: t('fitnessProduct.fields.description'), value: version.description },
    {
      key: 'numberType',
      label: t('fitnessProduct.fields.numberType'),
      value: t(`fitnessProduct.numberType.${version.numberType}`),
    },
    {
      key: 'purchasePrice',
      label: t('fitnessProduct.fields.purchasePrice'),
      value: formatEuro(version.purchasePrice),
    },
    { key: 'vat', label: t('fitnessProduct.fields.vat'), value: `${version.vatPercentage}%` },
    {
      key: 'salesUnit',
      label: t('fitnessProduct.fields.salesUnit'),
      value: t(`fitnessProduct.salesUnit.${version.productSalesUnit}`),
    },
    {
      key: 'duration',
      label: t('fitnessProduct.fields.duration'),
      value: t(`fitnessProduct.duration.${version.productDuration}`),
    },
  ];
}

export function ProductFacts({ version }: { version: FitnessProductVersion }) {
  const { t } = useTranslation();
  return (
    <Facts
      layout="stacked"
      rows={factsOf(t, version).map((fact) => ({ ...fact, wide: fact.key === 'description' }))}
    />
  );
}

/** What the change alters against the accepted version (the catalogue's until this one is accepted). */
export function ChangesTable({
  accepted,
  version,
}: {
  accepted: FitnessProductVersion;
  version: FitnessProductVersion;
}) {
  const { t } = useTranslation();
  const before = factsOf(t, accepted);
  const after = factsOf(t, version);
  const changes = after
    .map((fact, index) => ({ ...fact, before: before[index]?.value ?? '' }))
    .filter((fact) => fact.before !== fact.value);
  const imagesOf = (v: FitnessProductVersion) =>
    [...v.images]
      .sort((a, b) => a.order - b.order)
      .map((image) => image.imageHash)
      .join();
  const imagesChanged = imagesOf(accepted) !== imagesOf(version);
  const titleId = useId();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id={titleId}>
        {t('fitnessProduct.commissions.changesTitle')}
      </Title>
      {changes.length === 0 && !imagesChanged ? (
        <Text size="sm" c="dimmed">
          {t('fitnessProduct.commissions.noChanges')}
        </Text>
      ) : (
        <Table aria-labelledby={titleId} withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fitnessProduct.commissions.field')}</Table.Th>
              <Table.Th>{t('fitnessProduct.commissions.before')}</Table.Th>
              <Table.Th>{t('fitnessProduct.commissions.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.key}>
                <Table.Td>{change.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" td="line-through" c="dimmed">
                    {change.before}
                  </Text>
                </Table.Td>
                <Table.Td>{change.value}</Table.Td>
              </Table.Tr>
            ))}
            {imagesChanged && (
              <Table.Tr>
                <Table.Td>{t('fitnessProduct.fields.images')}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {t('fitnessProduct.commissions.imageCount', { count: accepted.images.length })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {t('fitnessProduct.commissions.imagesChanged', { count: version.images.length })}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
