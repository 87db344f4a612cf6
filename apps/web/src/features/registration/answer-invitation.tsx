import { Alert, Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ResponseOf, registrationEndpoints } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { PublicPage } from '@/features/account/public-page';
import { openConfirm } from '@/ui/confirm-modal';
import { translateMessage } from '@/ui/translate';
import { useAnswerInvitation } from './api';
import { type InvitationProblem, invitationProblemOf } from './invitation-problem';

type Invitation = ResponseOf<typeof registrationEndpoints.invitation>;

interface AnswerInvitationProps {
  code: string;
  invitation: Invitation;
  onProblem: (problem: InvitationProblem) => void;
}

/**
 * An employer or a gym invites someone who already has an account: no registration, but accept (the
 * account becomes the employer's employee or the gym's employee) or decline (after a confirmation). Either
 * way the code is used up.
 */
export function AnswerInvitation({ code, invitation, onProblem }: AnswerInvitationProps) {
  const { t } = useTranslation();
  const { accept, deny } = useAnswerInvitation(invitation.kind);
  const texts = `registration.answer.${invitation.kind === 'gymEmployee' ? 'gym' : 'employer'}`;
  const [answer, setAnswer] = useState<'accepted' | 'denied' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const organisation = invitation.organisationName ?? t(`${texts}.unknown`);

  /** Answers true when the call went through; otherwise shows why. */
  const send = async (call: typeof accept | typeof deny) => {
    setFailure(null);
    try {
      await call.mutateAsync({ params: { code } });
      return true;
    } catch (error) {
      const problem = invitationProblemOf(error);
      if (problem && problem !== 'tooManyAttempts') onProblem(problem);
      else if (error instanceof ApiCallError && error.status !== 429)
        setFailure(error.errors[0]?.message || 'general_error');
      else setFailure(error instanceof ApiCallError ? 'auth.tooManyAttempts' : 'general_error');
      return false;
    }
  };

  if (answer) {
    const Icon = answer === 'accepted' ? IconCircleCheck : IconCircleX;
    return (
      <PublicPage title={t(`registration.answer.${answer}Title`)}>
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="xl" color={answer === 'accepted' ? 'teal' : 'gray'} variant="light">
              <Icon size={22} aria-hidden />
            </ThemeIcon>
            <Text>{t(`registration.answer.${answer}`, { organisation })}</Text>
          </Group>
          <Button component={Link} to="/account/login" fullWidth>
            {t('registration.toLogin')}
          </Button>
        </Stack>
      </PublicPage>
    );
  }

  const confirmDeny = () =>
    openConfirm({
      title: 'registration.answer.denyTitle',
      message: t('registration.answer.denyMessage', { organisation }),
      confirmLabel: 'registration.answer.deny',
      color: 'red',
      onConfirm: async () => {
        if (await send(deny)) setAnswer('denied');
      },
    });

  return (
    <PublicPage title={t(`${texts}.title`)}>
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
        <Text size="sm">{t(`${texts}.intro`, { organisation, email: invitation.email })}</Text>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {translateMessage(t, failure)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={confirmDeny} disabled={accept.isPending}>
            {t('registration.answer.deny')}
          </Button>
          <Button
            loading={accept.isPending}
            onClick={async () => {
              if (await send(accept)) setAnswer('accepted');
            }}
          >
            {t('registration.answer.accept')}
          </Button>
        </Group>
      </Stack>
    </PublicPage>
  );
}
