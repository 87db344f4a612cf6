import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { accountEndpoints, type Environment } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api-hooks';
import { activeOrganisation, environmentLabelKey } from '../environments';
import { useRequiredClaims } from '../session';

/**
 * The home screen of an environment: its name, the organisation it works on (the active gym, location,
 * employer, ...) and a welcome. The environment's screens are reached through the menu.
 */
export function EnvironmentHome({ environment }: { environment: Environment }) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const { data: options, isPending } = useApiQuery(accountEndpoints.switchOptions, undefined, {
    staleTime: 5 * 60_000,
  });
  const organisation = activeOrganisation(claims, environment, options);
  const environmentName = t(environmentLabelKey(environment));
  useDocumentTitle(`${organisation?.name ?? environmentName} · ${t('shell.productName')}`);

  return (
    <Stack gap="xs">
      {isPending ? (
        <Skeleton h={56} w={320} aria-hidden />
      ) : (
        <Title order={1}>
          {organisation ? (
            <>
              <Text span display="block" size="sm" c="dimmed" tt="uppercase" fw={600}>
                {environmentName}
              </Text>
              {organisation.name}
            </>
          ) : (
            environmentName
          )}
        </Title>
      )}
      <Text size="lg">{t('home.welcome', { name: claims.name })}</Text>
    </Stack>
  );
}
