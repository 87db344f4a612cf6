import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface LoginPopupProps {
  opened: boolean;
  email: string;
  /** Why the last try failed: a translation key ('wrong password', too many tries, ...). */
  error: string | null;
  isBusy: boolean;
  /** Signs up again with the existing account's password. */
  onSubmit: (password: string) => void;
  onClose: () => void;
}

/**
 * The spec's login popup: the address has an account whose password is not the one typed. The person gives
 * that account's password and the sign-up is sent again with it (no two-factor here: the sign-up only needs
 * to know the account is theirs).
 */
export function LoginPopup({ opened, email, error, isBusy, onSubmit, onClose }: LoginPopupProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [isEmpty, setEmpty] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!password) {
      setEmpty(true);
      return;
    }
    onSubmit(password);
  };

  const close = () => {
    setPassword('');
    setEmpty(false);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('signUp.login.title')}
      size={480}
      centered
      closeButtonProps={{ 'aria-label': t('ui.modal.close'), disabled: isBusy }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('signUp.login.intro', { email })}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {t(error)}
            </Alert>
          )}
          <PasswordInput
            label={t('signUp.login.password')}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setEmpty(false);
            }}
            error={isEmpty ? t('validation.required') : undefined}
            autoComplete="current-password"
            required
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('ui.password.toggle') }}
          />
          <Anchor href="/account/password-forgotten" target="_blank" rel="noopener" size="sm">
            {t('signUp.login.forgotten')}
          </Anchor>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isBusy}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('signUp.login.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
