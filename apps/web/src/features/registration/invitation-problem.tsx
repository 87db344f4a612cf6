import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { PublicPage } from '@/features/account/public-page';

/** Why a registration code cannot be used: each has its own page. */
export const invitationProblems = [
  'notFound',
  'expired',
  'cancelled',
  'used',
  'denied',
  'tooManyAttempts',
] as const;
export type InvitationProblem = (typeof invitationProblems)[number];

/**
 * The problem behind a failed call with a registration code, if it is one: the server answers 404
 * `invitation.errors.<reason>` for a code that cannot be used, and 429 when codes are guessed too often.
 */
export function invitationProblemOf(error: unknown): InvitationProblem | null {
  if (!(error instanceof ApiCallError)) return null;
  if (error.status === 429) return 'tooManyAttempts';
  if (error.status !== 404) return null;
  const reason = error.errors
    .map((entry) => entry.message.match(/^invitation\.errors\.(\w+)$/)?.[1])
    .find((candidate) => candidate !== undefined);
  return invitationProblems.find((problem) => problem === reason) ?? 'notFound';
}

/** 'Uitnodiging verlopen' and the like: what happened, what to do, and the way to the login page. */
export function InvitationProblemPage({ problem }: { problem: InvitationProblem }) {
  const { t } = useTranslation();
  return (
    <PublicPage title={t(`registration.problem.${problem}.title`)}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" color="orange" variant="light" aria-hidden>
            <IconMailOff size={22} />
          </ThemeIcon>
          <Text>{t(`registration.problem.${problem}.text`)}</Text>
        </Group>
        <Button component={Link} to="/account/login" fullWidth>
          {t('registration.toLogin')}
        </Button>
      </Stack>
    </PublicPage>
  );
}
