import { Alert, Badge, Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import type { ResponseOf } from '@xp/contracts';
import {
  type CompleteRegistrationBody,
  completeRegistrationBody,
  type InvitationKind,
  isAnswerableInvitation,
  PASSWORD_MIN_LENGTH,
  type registrationEndpoints,
} from '@xp/contracts';
import { homePath } from '@xp/contracts/home-path';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { startSession } from '@/app/session';
import { PublicPage } from '@/features/account/public-page';
import { applyServerErrors, toFieldName } from '@/ui/form-errors';
import { PasswordField } from '@/ui/inputs/password-field';
import { TextField } from '@/ui/inputs/text-field';
import { ErrorState, LoadingState } from '@/ui/states';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { AnswerInvitation } from './answer-invitation';
import { useCompleteRegistration, useInvitation } from './api';
import { type InvitationProblem, InvitationProblemPage, invitationProblemOf } from './invitation-problem';

type Invitation = ResponseOf<typeof registrationEndpoints.invitation>;

const formFields = ['firstName', 'insertion', 'lastName', 'password', 'confirmPassword'] as const;

interface RegisterPageProps {
  /** The kind of the register route; it picks the calls (the invitation itself says what it is for). */
  kind: InvitationKind;
  /** The invitation code from the mailed link. */
  code: string;
}

/**
 * Registration from an invitation: loads the invitation behind the code, then asks name and password. A
 * code that cannot be used gets its own page ('Uitnodiging verlopen', ...).
 */
export function RegisterPage({ kind, code }: RegisterPageProps) {
  const { t } = useTranslation();
  const invitation = useInvitation(kind, code);
  // A code can also turn out unusable when the form is sent (used or cancelled meanwhile).
  const [problem, setProblem] = useState<InvitationProblem | null>(null);

  const shown = problem ?? invitationProblemOf(invitation.error);
  if (shown) return <InvitationProblemPage problem={shown} />;
  if (invitation.isError) {
    return (
      <PublicPage title={t('registration.register.title')}>
        <ErrorState onRetry={() => void invitation.refetch()} />
      </PublicPage>
    );
  }
  if (!invitation.data) {
    return (
      <PublicPage title={t('registration.register.title')}>
        <LoadingState />
      </PublicPage>
    );
  }
  if (isAnswerableInvitation(invitation.data.kind, invitation.data.hasAccount)) {
    return <AnswerInvitation code={code} invitation={invitation.data} onProblem={setProblem} />;
  }
  return <RegisterForm kind={kind} code={code} invitation={invitation.data} onProblem={setProblem} />;
}

interface RegisterFormProps {
  kind: InvitationKind;
  code: string;
  invitation: Invitation;
  onProblem: (problem: InvitationProblem) => void;
}

function RegisterForm({ kind, code, invitation, onProblem }: RegisterFormProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const complete = useCompleteRegistration(kind);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(completeRegistrationBody, {
    defaultValues: { code, firstName: '', insertion: '', lastName: '', password: '', confirmPassword: '' },
  });

  const invitedAs = t(`registration.kindPhrase.${invitation.kind}`);
  const intro = invitation.organisationName
    ? t('registration.register.introOrganisation', {
        organisation: invitation.organisationName,
        kind: invitedAs,
      })
    : t('registration.register.intro', { kind: invitedAs, product: t('shell.productName') });

  const submit = form.handleSubmit(async (body: CompleteRegistrationBody) => {
    setFailure(null);
    try {
      const result = await complete.mutateAsync({ body: { ...body, insertion: body.insertion || null } });
      if (result.requiresVerification || !result.claims) {
        // The verification page gets the registration code as `?code=`: the server finds the new account
        // by it, for checking and for resending the code, also after a reload of the page.
        await router.navigate({ to: '/account/tfa', search: { code } });
        return;
      }
      startSession(result.claims);
      await router.navigate({ href: homePath(result.claims.role, result.claims.activeEnvironment) });
    } catch (error) {
      const problem = invitationProblemOf(error);
      if (problem && problem !== 'tooManyAttempts') {
        onProblem(problem);
        return;
      }
      if (!(error instanceof ApiCallError) || error.status === 429) {
        setFailure(error instanceof ApiCallError ? 'auth.tooManyAttempts' : 'general_error');
        return;
      }
      const onFields = error.errors.filter((entry) =>
        (formFields as readonly string[]).includes(toFieldName(entry.key)),
      );
      if (onFields.length > 0) applyServerErrors(onFields, form.setError, formFields);
      else setFailure(error.errors[0]?.message || 'general_error');
    }
  });

  return (
    <PublicPage title={t('registration.register.title')}>
      <form onSubmit={submit} noValidate aria-label={t('registration.register.title')}>
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" size="lg">
              {t(`registration.kinds.${invitation.kind}`)}
            </Badge>
            {invitation.organisationName && (
              <Text size="sm" fw={600}>
                {invitation.organisationName}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {translateMessage(t, failure)}
            </Alert>
          )}
          <TextInput
            label={t('registration.fields.email')}
            description={t('registration.register.emailHint')}
            value={invitation.email}
            readOnly
            autoComplete="username"
            variant="filled"
          />
          <TextField
            control={form.control}
            name="firstName"
            label={t('registration.fields.firstName')}
            required
            maxLength={64}
            autoComplete="given-name"
            data-autofocus
            autoFocus
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <TextField
                control={form.control}
                name="insertion"
                label={t('registration.fields.insertion')}
                maxLength={32}
                autoComplete="additional-name"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 7 }}>
              <TextField
                control={form.control}
                name="lastName"
                label={t('registration.fields.lastName')}
                required
                maxLength={64}
                autoComplete="family-name"
              />
            </Grid.Col>
          </Grid>
          <PasswordField
            control={form.control}
            name="password"
            label={t('registration.fields.password')}
            description={t('registration.register.passwordHint', { count: PASSWORD_MIN_LENGTH })}
            required
            autoComplete="new-password"
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label={t('registration.fields.confirmPassword')}
            required
            autoComplete="new-password"
          />
          {invitation.requiresVerification && (
            <Text size="sm" c="dimmed">
              {t('registration.register.verificationHint')}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" component={Link} to="/account/login">
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('registration.register.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PublicPage>
  );
}
