import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { homePath } from '@xp/contracts/home-path';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPath } from '@/app/app-path';
import { useClaims } from '@/app/session';
import { PublicPage } from '@/features/account/public-page';
import { LoadingState } from '@/ui/states';
import { translateMessage } from '@/ui/translate';
import { useConfirmEmail } from './api';

const INVALID_TOKEN = 'user.errors.invalidEmailToken';

/**
 * `/account/confirm-email?token=...`, the link mailed to a new address: confirms it on load, then says
 * whether that worked. Works signed in or not; the way on is home or the login page accordingly.
 */
export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const claims = useClaims();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // The token is single use: send it once, also when React mounts the page twice in development.
  const isSent = useRef(false);
  const isUsable = Boolean(token && token.length >= 16);

  useEffect(() => {
    if (!token || !isUsable || isSent.current) return;
    isSent.current = true;
    mutate({ body: { token } });
  }, [token, isUsable, mutate]);

  // Every home path of `homePath` is a route of the app.
  const onward = claims ? (
    <Button component={Link} to={homePath(claims.role, claims.activeEnvironment) as AppPath} fullWidth>
      {t('profile.confirmEmail.toHome')}
    </Button>
  ) : (
    <Button component={Link} to="/account/login" fullWidth>
      {t('profile.confirmEmail.toLogin')}
    </Button>
  );

  if (confirm.isSuccess) {
    return (
      <PublicPage title={t('profile.confirmEmail.doneTitle')}>
        <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {t('profile.confirmEmail.doneText')}
        </Alert>
        {onward}
      </PublicPage>
    );
  }

  if (!isUsable || confirm.isError) {
    const message = confirm.error?.errors[0]?.message ?? INVALID_TOKEN;
    return (
      <PublicPage title={t('profile.confirmEmail.failedTitle')}>
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {translateMessage(t, message)}
        </Alert>
        {onward}
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('profile.confirmEmail.title')}>
      <LoadingState label="profile.confirmEmail.busy" />
    </PublicPage>
  );
}
