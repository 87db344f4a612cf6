import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingCommunity, IconMapPin, IconUsers, type TablerIcon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { accountEndpoints } from '@xp/contracts';
import { Environment } from '@xp/contracts/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@/app/api-hooks';
import { activeOrganisation } from '@/app/environments';
import { useRequiredClaims } from '@/app/session';
import { mayManageGymEmployees } from '@/features/employee/access';
import { EmptyState, ErrorState } from '@/ui/states';
import { useGym } from './api';

function CountCard({
  icon: Icon,
  label,
  value,
  link,
}: {
  icon: TablerIcon;
  label: string;
  value: number | undefined;
  link?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={36} w={64} aria-hidden />
          ) : (
            <Text fz={32} fw={700} lh={1.1}>
              {value.toLocaleString('nl-NL')}
            </Text>
          )}
          {link}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light">
          <Icon size={24} aria-hidden />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** The gym environment's dashboard (`/`): the active gym with its numbers of locations and employees. */
export function GymDashboard() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const query = useGym(claims.activeGymId);
  const gym = query.data;
  // The shell has the switcher's names already: the heading need not wait for the counts.
  const options = useApiQuery(accountEndpoints.switchOptions, undefined, { staleTime: 5 * 60_000 });
  const name = gym?.name ?? activeOrganisation(claims, Environment.Gym, options.data)?.name;
  useDocumentTitle(`${name ?? t('environments.Gym')} · ${t('shell.productName')}`);

  if (claims.activeGymId === null) {
    return <EmptyState title="gym.dashboard.noGymTitle" message="gym.dashboard.noGym" />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {query.isPending && options.isPending ? (
          <Skeleton h={56} w={320} aria-hidden />
        ) : (
          <Title order={1}>
            <Text span display="block" size="sm" c="dimmed" tt="uppercase" fw={600}>
              {t('environments.Gym')}
            </Text>
            {name ?? t('environments.Gym')}
          </Title>
        )}
        <Text size="lg">{t('home.welcome', { name: claims.name })}</Text>
      </Stack>
      {query.isError ? (
        <ErrorState
          message={query.error.status === 404 ? 'gym.errors.notFound' : 'gym.dashboard.fetchFailed'}
          onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy={query.isPending}>
          <CountCard
            icon={IconMapPin}
            label={t('gym.fields.locationCount')}
            value={gym?.locationCount}
            link={
              <Anchor component={Link} to="/locations" size="sm">
                {t('gym.dashboard.toLocations')}
              </Anchor>
            }
          />
          <CountCard
            icon={IconUsers}
            label={t('gym.fields.employeeCount')}
            value={gym?.employeeCount}
            link={
              mayManageGymEmployees(claims) && (
                <Anchor component={Link} to="/employees" size="sm">
                  {t('gym.dashboard.toEmployees')}
                </Anchor>
              )
            }
          />
          <Card withBorder padding="lg" radius="md">
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="light" color="gray">
                <IconBuildingCommunity size={24} aria-hidden />
              </ThemeIcon>
              <Stack gap={2}>
                <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                  {t('gym.form.signUpLink')}
                </Text>
                {gym ? (
                  <Text ff="monospace" size="sm">
                    /inschrijven/{gym.slug}
                  </Text>
                ) : (
                  <Skeleton h={20} w={160} aria-hidden />
                )}
              </Stack>
            </Group>
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}
