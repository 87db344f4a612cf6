import { Anchor, Box, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { defaultListState } from '@/ui/list-search';
import { EmptyState, ErrorState, LoadingState } from '@/ui/states';
import { useActiveAssociation, useActiveAssociationLocations } from './api';
import { bannerUrl } from './association-form';
import { locationPlace } from './association-location-picker';

/** How many locations the dashboard lists; the rest are on 'Locaties'. */
export const DASHBOARD_LOCATIONS = 5;

/** The association environment's home: banner, name, number of locations and the first locations. */
export function AssociationDashboard() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const hasAssociation = claims.activeAssociationId !== null;
  const association = useActiveAssociation(hasAssociation);
  const locations = useActiveAssociationLocations(
    { ...defaultListState, pageSize: DASHBOARD_LOCATIONS },
    hasAssociation,
  );
  useDocumentTitle(`${association.data?.name ?? t('environments.Association')} · ${t('shell.productName')}`);

  if (!hasAssociation) {
    return (
      <EmptyState
        title="association.dashboard.noAssociationTitle"
        message="association.dashboard.noAssociation"
      />
    );
  }
  if (association.isPending) return <LoadingState />;
  if (association.isError || !association.data) {
    const isGone = association.error?.status === 404;
    return (
      <ErrorState
        message={isGone ? 'association.errors.notFound' : 'association.dashboard.fetchFailed'}
        onRetry={isGone ? undefined : () => void association.refetch()}
      />
    );
  }
  const { name, bannerHash, locationCount } = association.data;

  return (
    <Stack gap="lg">
      {bannerHash && (
        <Box
          bd="1px solid var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          <Image
            src={bannerUrl(bannerHash, { w: 1600, h: 400 })}
            alt={t('association.dashboard.bannerAlt', { name })}
            h={200}
            fit="cover"
          />
        </Box>
      )}
      <Stack gap={2}>
        <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
          {t('environments.Association')}
        </Text>
        <Title order={1}>{name}</Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="lg" radius="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('association.dashboard.locationCount')}
              </Text>
              <Text fz={32} fw={700} lh={1}>
                {locationCount.toLocaleString('nl-NL')}
              </Text>
            </Stack>
            <IconMapPin size={28} aria-hidden color="var(--mantine-color-dimmed)" />
          </Group>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('association.dashboard.firstLocations')}
          </Title>
          {locations.isError ? (
            <ErrorState
              message="association.locations.fetchFailed"
              onRetry={() => void locations.refetch()}
            />
          ) : locations.isPending ? (
            <LoadingState />
          ) : locations.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('association.dashboard.noLocations')}
            </Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} aria-label={t('association.dashboard.firstLocations')}>
              {locations.data.items.map((location) => (
                <Box
                  key={location.id}
                  component="li"
                  py="xs"
                  style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Text size="sm" fw={600}>
                    {location.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[location.gymName, locationPlace(location)].filter(Boolean).join(' · ')}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
          {locationCount > 0 && (
            <Anchor component={Link} to="/association/locations" size="sm">
              <Group gap={4}>
                {t('association.dashboard.allLocations')}
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
