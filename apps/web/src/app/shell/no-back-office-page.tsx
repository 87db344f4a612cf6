import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '@/features/account/public-page';
import { useLogout, useRequiredClaims } from '../session';

/** Instead of an empty shell: an account without any back-office environment learns what it is for. */
export function NoBackOfficePage() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const logout = useLogout();
  return (
    <PublicPage
      title={t('shell.noBackOffice.title')}
      intro={t('shell.noBackOffice.intro', { name: claims.name })}
    >
      <Text>{t('shell.noBackOffice.purpose')}</Text>
      <Text>{t('shell.noBackOffice.staffOnly')}</Text>
      <Text size="sm" c="dimmed">
        {t('shell.noBackOffice.askAccess')}
      </Text>
      <Button leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
        {t('actions.logout')}
      </Button>
    </PublicPage>
  );
}
