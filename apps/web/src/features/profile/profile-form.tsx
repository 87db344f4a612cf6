import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDeviceFloppy, IconMailForward, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type Profile, type ProfileUpdate, profileUpdate } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { ApiCallError, refreshSession } from '@/app/api-client';
import { setLanguage } from '@/i18n';
import { applyServerErrors } from '@/ui/form-errors';
import { SelectField } from '@/ui/inputs/select-field';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';
import { ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useProfile, useUpdateProfile } from './api';

const formFields: readonly (keyof ProfileUpdate)[] = [
  'email',
  'firstName',
  'insertion',
  'lastName',
  'phoneNumber',
  'language',
  'isTfaEnabled',
];

const languageOptions = [
  { value: 'nl' as const, label: 'Nederlands' },
  { value: 'en' as const, label: 'English' },
];

const toFormValues = (profile: Profile): ProfileUpdate => ({
  email: profile.email,
  firstName: profile.firstName,
  insertion: profile.insertion ?? '',
  lastName: profile.lastName,
  phoneNumber: profile.phoneNumber ?? '',
  language: profile.language,
  isTfaEnabled: profile.isTfaEnabled,
});

/** 'Profiel' of the signed-in user: the same screen on `/admin/profile`, `/location/profile` and `/profile`. */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('profile.title')} · ${t('shell.productName')}`);
  const query = useProfile();
  const profile = query.data;

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="profile.title"
        subtitle={
          profile
            ? t('profile.roles.label', { role: t(`users.roles.${profile.role}`) })
            : t('profile.subtitle')
        }
      />
      {query.isError ? (
        <ErrorState message="profile.loadFailed" onRetry={() => void query.refetch()} />
      ) : !profile ? (
        <LoadingState />
      ) : (
        <>
          {/* A fresh form per loaded profile: the saved answer becomes the new starting point. */}
          <ProfileForm key={profile.id} profile={profile} />
          <DeleteAccountSection />
        </>
      )}
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useZodForm(profileUpdate, { defaultValues: toFormValues(profile) });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: values });
      form.reset(toFormValues(saved));
      // A new address is not applied: a link went to it, and the profile shows it as pending.
      const isEmailChanged = values.email.toLowerCase() !== profile.email.toLowerCase();
      showSuccess(
        isEmailChanged
          ? t('profile.savedWithEmail', { email: saved.pendingEmail ?? values.email })
          : t('profile.saved'),
      );
      // The new language applies at once; name and language in the claims follow from a refresh.
      if (saved.language !== profile.language) await setLanguage(saved.language);
      void refreshSession();
    } catch (error) {
      applyServerErrors(error instanceof ApiCallError ? error.errors : [], form.setError, formFields);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.title')}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('profile.sections.personal')}
            </Title>
            <TextField
              control={form.control}
              name="email"
              label={t('profile.fields.email')}
              description={t('profile.hints.email')}
              type="email"
              autoComplete="email"
              required
              maxLength={254}
            />
            {profile.pendingEmail && (
              <Alert
                color="blue"
                variant="light"
                icon={<IconMailForward size={18} aria-hidden />}
                title={t('profile.pendingEmail.title', { email: profile.pendingEmail })}
                role="status"
              >
                {t('profile.pendingEmail.text', { current: profile.email })}
              </Alert>
            )}
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextField
                  control={form.control}
                  name="firstName"
                  label={t('profile.fields.firstName')}
                  autoComplete="given-name"
                  required
                  maxLength={64}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 2 }}>
                <TextField
                  control={form.control}
                  name="insertion"
                  label={t('profile.fields.insertion')}
                  autoComplete="additional-name"
                  maxLength={32}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextField
                  control={form.control}
                  name="lastName"
                  label={t('profile.fields.lastName')}
                  autoComplete="family-name"
                  required
                  maxLength={64}
                />
              </Grid.Col>
            </Grid>
            <TextField
              control={form.control}
              name="phoneNumber"
              label={t('profile.fields.phoneNumber')}
              description={t('profile.hints.phoneNumber')}
              type="tel"
              autoComplete="tel"
              maxLength={20}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('profile.sections.preferences')}
            </Title>
            <SelectField
              control={form.control}
              name="language"
              label={t('profile.fields.language')}
              description={t('profile.hints.language')}
              data={languageOptions}
              required
              maw={440}
            />
            <SwitchField
              control={form.control}
              name="isTfaEnabled"
              label={t('profile.fields.isTfaEnabled')}
              // Mantine puts the description inside the label; keep the name to the label itself.
              aria-label={t('profile.fields.isTfaEnabled')}
              description={t('profile.hints.isTfaEnabled')}
            />
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAccountSection() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Group justify="space-between" gap="md">
        <Stack gap={4} style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h4">
            {t('profile.danger.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.danger.text')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to="/account/delete-account"
          variant="outline"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
        >
          {t('profile.danger.action')}
        </Button>
      </Group>
    </Paper>
  );
}
