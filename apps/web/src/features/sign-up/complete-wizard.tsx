import { Alert, Box, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { OpenRegistration } from '@xp/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { formatDay } from '@/features/member/day-field';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { useCompleteOpenRegistration } from './api';
import { PersonalStep } from './personal-step';
import {
  type CompleteFormOutput,
  completeFields,
  completeFormSchema,
  fieldOf,
  prefilledSignUp,
  type SignUpFormValues,
} from './sign-up-form';
import { Problem } from './sign-up-problems';
import { StepProgress } from './step-progress';
import { Item, MandateCheckbox, PersonalSummary, Section } from './summary-step';

type StepId = 'personal' | 'summary' | 'pay';
const STEPS: readonly StepId[] = ['personal', 'summary', 'pay'];

/** The server's key for a link that is unknown or used (meanwhile, in another tab or at the desk). */
export const CODE_NOT_FOUND = 'signUp.errors.codeNotFound';

export interface CompleteWizardProps {
  publicCode: string;
  /** What the desk filled in: the form starts with it. */
  registration: OpenRegistration;
  /** The tablet at the desk: large targets, no login popup, nothing autofilled. */
  isKiosk: boolean;
  /** To the provider's checkout page. */
  onCheckout: (checkoutUrl: string) => void;
  /** Nothing to pay by the provider now, but an invoice: to the result page. */
  onResult: (resultToken: string) => void;
  /** Finished, nothing to pay. */
  onDone: () => void;
  /** The link is unknown or was used meanwhile. */
  onGone: () => void;
}

/**
 * Finishing a registration begun at the desk (decision 018): the personal data step filled with what the desk
 * typed, the memberships the desk chose shown instead of the club and membership steps, the summary with the
 * direct debit mandate, then the first payment. No login popup (decision 018): the password of an account whose
 * address is proven links that account at once; otherwise the server mails the address a link that makes or
 * links the account, with the same answer for every address.
 */
export function CompleteWizard({
  publicCode,
  registration,
  isKiosk,
  onCheckout,
  onResult,
  onDone,
  onGone,
}: CompleteWizardProps) {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState<StepId>('personal');
  const [hasMandate, setMandate] = useState(false);
  const [mandateError, setMandateError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(completeFormSchema, { defaultValues: prefilledSignUp(registration, isKiosk) });
  const complete = useCompleteOpenRegistration();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<StepId>(active);
  const buttonSize = isKiosk ? 'xl' : 'md';

  // A new step: to its top, its heading focused (a screen reader says where the person is).
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [active]);

  const move = (step: StepId) => {
    setProblem(null);
    // The mandate names the account holder and IBAN of the summary: given again after changing them.
    if (step === 'personal') setMandate(false);
    setActive(step);
  };

  /** Touches the fields (their errors show) and checks them with the contract's rules. */
  const check = async () => {
    for (const field of completeFields) form.setValue(field, form.getValues(field), { shouldTouch: true });
    return form.trigger([...completeFields], { shouldFocus: true });
  };

  const next = async () => {
    if (active === 'personal') {
      if (await check()) move('summary');
    } else if (active === 'summary') {
      if (!hasMandate) {
        setMandateError(t('signUp.summary.mandateRequired'));
        return;
      }
      await form.handleSubmit((parsed) => send(parsed), onInvalid)();
    }
  };

  /** A rule across fields the steps did not catch: back to the data. */
  const onInvalid = () => {
    move('personal');
  };

  const send = (parsed: CompleteFormOutput) => {
    setProblem(null);
    const language = i18n.language === 'en' ? ('en' as const) : ('nl' as const);
    const body = { ...parsed, language };
    return new Promise<void>((resolve) => {
      complete.mutate(
        { params: { publicCode }, body },
        {
          onSuccess: ({ checkoutUrl, resultToken }) => {
            if (checkoutUrl) {
              move('pay');
              onCheckout(checkoutUrl);
            } else if (resultToken) onResult(resultToken);
            else onDone();
          },
          onError: (error) => failed(error),
          onSettled: () => resolve(),
        },
      );
    });
  };

  /** What a refused finish shows: the used link, errors on fields, or what went wrong. */
  const failed = (error: ApiCallError) => {
    if (error.errors.some((entry) => entry.message === CODE_NOT_FOUND) || error.status === 404) {
      onGone();
      return;
    }
    if (error.status === 429) {
      setProblem('signUp.errors.tooMany');
      return;
    }
    const onFields =
      error.status === 400 || error.status === 409
        ? error.errors.flatMap((entry) => {
            const name = fieldOf(entry.key ?? '');
            return (completeFields as readonly string[]).includes(name)
              ? [
                  {
                    name: name as FieldPath<SignUpFormValues>,
                    message: entry.message || 'validation.invalid',
                  },
                ]
              : [];
          })
        : [];
    if (onFields.length === 0) {
      const known = error.status === 400 ? error.errors.find((entry) => entry.message)?.message : undefined;
      setProblem(known && known !== 'general_error' ? known : 'signUp.errors.completeFailed');
      return;
    }
    for (const [index, { name, message }] of onFields.entries())
      form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
    move('personal');
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void next();
  };

  const isSubmitting = complete.isPending || active === 'pay';
  const labels: Record<StepId, string> = {
    personal: t('signUp.steps.personal'),
    summary: t('signUp.steps.summary'),
    pay: t('signUp.steps.pay'),
  };

  return (
    <Stack gap="lg">
      <StepProgress
        steps={STEPS}
        labels={labels}
        active={active}
        isKiosk={isKiosk}
        onBack={move}
        isBusy={isSubmitting}
        headingRef={headingRef}
      />

      {active !== 'pay' && (
        <Box component="form" noValidate onSubmit={onFormSubmit} aria-label={labels[active]}>
          {active === 'personal' && (
            <Stack gap="lg">
              <Text>{t('signUp.complete.intro', { gym: registration.gymName })}</Text>
              <DeskMemberships registration={registration} isKiosk={isKiosk} />
              <PersonalStep control={form.control} isKiosk={isKiosk} withStartDate={false} />
            </Stack>
          )}
          {active === 'summary' && (
            <Stack gap="lg">
              <Section title={t('signUp.summary.membership')} onChange={undefined}>
                <Item label={t('signUp.summary.club')}>
                  {registration.locationName ?? registration.gymName}
                </Item>
                {keyed(registration.memberships).map(({ key, membership }) => (
                  <Item key={key} label={t('signUp.summary.subscription')}>
                    {membershipLine(t, membership)}
                  </Item>
                ))}
              </Section>
              <PersonalSummary values={form.getValues()} onChange={() => move('personal')} />
              <Paper withBorder radius="md" p={isKiosk ? 'lg' : 'md'} bg="var(--mantine-color-gray-0)">
                <Text size="sm">{t('signUp.complete.payNext')}</Text>
              </Paper>
              <MandateCheckbox
                values={form.getValues()}
                hasMandate={hasMandate}
                onMandateChange={(accepted) => {
                  setMandate(accepted);
                  setMandateError(null);
                }}
                mandateError={mandateError}
                isKiosk={isKiosk}
              />
            </Stack>
          )}
          {problem && (
            <Box mt="lg">
              <Problem title={t('signUp.complete.failedTitle')} text={translateMessage(t, problem)} />
            </Box>
          )}
          {form.formState.errors.website && (
            <Alert color="red" variant="light" role="alert" mt="lg">
              {t('signUp.errors.refused')}
            </Alert>
          )}
          <Group justify="space-between" mt="xl" gap="sm">
            {active === 'summary' ? (
              <Button
                variant="default"
                size={buttonSize}
                onClick={() => move('personal')}
                disabled={isSubmitting}
              >
                {t('signUp.actions.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" size={buttonSize} loading={isSubmitting}>
              {active === 'summary' ? t('signUp.complete.submit') : t('signUp.actions.next')}
            </Button>
          </Group>
        </Box>
      )}

      {active === 'pay' && (
        <Stack align="center" gap="sm" py="xl" role="status">
          <Loader aria-hidden />
          <Text>{t('signUp.pay.redirecting')}</Text>
        </Stack>
      )}
    </Stack>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];
type DeskMembership = OpenRegistration['memberships'][number];

/** 'Basis · Maandelijks, vanaf 01-12-2026'. */
const membershipLine = (t: Translate, membership: DeskMembership) =>
  t('signUp.complete.membershipLine', {
    subscription: membership.subscriptionName,
    variant: membership.variantName,
    date: formatDay(membership.startDate),
  });

/** Each membership with a key of its own (the same one twice gets a count). */
function keyed(memberships: readonly DeskMembership[]) {
  const seen = new Map<string, number>();
  return memberships.map((membership) => {
    const base = `${membership.subscriptionName}|${membership.variantName}|${membership.startDate}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}|${count}`, membership };
  });
}

/** What the desk chose: the club and the memberships with their start (not changed here). */
function DeskMemberships({ registration, isKiosk }: { registration: OpenRegistration; isKiosk: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p={isKiosk ? 'lg' : 'md'}
      component="section"
      aria-labelledby="complete-memberships"
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id="complete-memberships">
          {t('signUp.complete.memberships', { club: registration.locationName ?? registration.gymName })}
        </Title>
        {registration.memberships.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('signUp.complete.noMemberships')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {keyed(registration.memberships).map(({ key, membership }) => (
              <List.Item key={key}>{membershipLine(t, membership)}</List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed">
          {t('signUp.complete.membershipsHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
