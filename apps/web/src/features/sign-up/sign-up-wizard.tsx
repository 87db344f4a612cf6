import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { fitsAgeGroups, type PublicLocation } from '@xp/contracts';
import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { type FieldPath, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { LoadingState } from '@/ui/states';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { usePublicSubscriptions, useSignUp } from './api';
import { ChooseClubStep, type ChosenClub, FindClubStep } from './club-steps';
import { LoginPopup, PersonalStep, preloadLaterSteps, SummaryStep } from './later-steps';
import { chosenMembership, MembershipStep } from './membership-step';
import {
  emptySignUp,
  fieldOf,
  membershipFields,
  personalFields,
  type SignUpFormOutput,
  type SignUpFormValues,
  signUpFormFields,
  signUpFormSchema,
} from './sign-up-form';
import { Problem } from './sign-up-problems';
import { StepProgress } from './step-progress';
import type { SummarySection } from './summary-step';

type StepId = 'find' | 'choose' | 'membership' | 'personal' | 'summary' | 'pay' | 'mail';

/** The server's keys for: this age does not fit the subscription; the club no longer offers it. */
const AGE_ERROR = 'member.errors.ageDoesNotMatch';
const MEMBERSHIP_GONE = ['member.errors.subscriptionNotFound', 'member.errors.variantNotFound'];

export interface SignUpWizardProps {
  /** The gym's page (or one of its clubs'): only its clubs are searched. */
  gymSlug?: string | undefined;
  /** The club the page names: the wizard starts at the membership step. */
  club?: ChosenClub | undefined;
  /** The gym's page: its clubs, listed on the first step. */
  gymClubs?: {
    clubs: readonly PublicLocation[] | undefined;
    isPending: boolean;
    isError: boolean;
    onRetry: () => void;
  };
  /** The tablet at the desk: large targets, no login popup. */
  isKiosk?: boolean;
  /** A club was chosen (its gym's banner can show). */
  onClubChange?: (club: ChosenClub) => void;
  /** To the provider's checkout page. */
  onCheckout: (checkoutUrl: string) => void;
  /** Nothing to pay now: to the result page. */
  onResult: (resultToken: string) => void;
}

/**
 * The public sign-up (spec 001 section 2, decision 018) on one page: find a club by postal code, choose it,
 * choose a membership, give the personal data, check the summary, pay. Back keeps what was typed; errors of
 * the server land on their fields, on the step that holds them.
 */
export function SignUpWizard({
  gymSlug,
  club: namedClub,
  gymClubs,
  isKiosk = false,
  onClubChange,
  onCheckout,
  onResult,
}: SignUpWizardProps) {
  const { t, i18n } = useTranslation();
  const steps: StepId[] = namedClub
    ? ['membership', 'personal', 'summary', 'pay']
    : ['find', 'choose', 'membership', 'personal', 'summary', 'pay'];
  const [active, setActive] = useState<StepId>(steps[0] ?? 'membership');
  const [postalCode, setPostalCode] = useState<string | null>(null);
  const [club, setClub] = useState<ChosenClub | null>(namedClub ?? null);
  const [hasMandate, setMandate] = useState(false);
  const [mandateError, setMandateError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [popup, setPopup] = useState<{ error: string | null } | null>(null);
  /** The answer said a mail went out: the address confirms the sign-up (decision 018). */
  const [isMailSent, setMailSent] = useState(false);
  const form = useZodForm(signUpFormSchema, { defaultValues: emptySignUp(isKiosk, namedClub?.id ?? null) });
  const signUp = useSignUp();
  const subscriptions = usePublicSubscriptions(club?.id ?? null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The step whose heading was last brought into view (not on the first render: the page's own heading leads). */
  const shownStep = useRef<StepId>(active);
  const buttonSize = isKiosk ? 'xl' : 'md';

  const index = steps.indexOf(active);
  // Only what the steps around depend on: a watch of every field would render the whole wizard per keystroke.
  const [subscriptionId, variantId] = useWatch({
    control: form.control,
    name: ['subscriptionId', 'variantId'],
  });
  const membership = chosenMembership(subscriptions.data, subscriptionId, variantId);

  // The steps after the first screen's load once it is shown (`later-steps.ts`).
  useEffect(preloadLaterSteps, []);

  // A new step: to its top, its heading focused (a screen reader says where the person is).
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, [active]);

  const move = (step: StepId) => {
    setProblem(null);
    // The mandate names the account holder and IBAN of the summary: given again after going back to them.
    if (step !== 'summary' && step !== 'pay') setMandate(false);
    setActive(step);
  };
  // A club chosen from the gym's own list was not searched: that list is on the first step.
  const goTo = (step: StepId) => move(step === 'choose' && !postalCode ? 'find' : step);

  const chooseClub = (chosen: ChosenClub) => {
    if (chosen.id !== club?.id) {
      form.setValue('subscriptionId', null);
      form.setValue('variantId', null);
    }
    setClub(chosen);
    form.setValue('locationId', chosen.id);
    onClubChange?.(chosen);
    goTo('membership');
  };

  /** Touches the fields (their errors show) and checks them with the contract's rules. */
  const check = async (fields: readonly FieldPath<SignUpFormValues>[]) => {
    for (const field of fields) form.setValue(field, form.getValues(field), { shouldTouch: true });
    return form.trigger([...fields], { shouldFocus: true });
  };

  /** The age rule of the chosen subscription, on the start date (told before the server would). */
  const checkAge = () => {
    const { dateOfBirth, startDate } = form.getValues();
    if (!membership || !dateOfBirth || !startDate) return true;
    if (fitsAgeGroups(membership.subscription.ageGroups, dateOfBirth, startDate)) return true;
    form.setError(
      'dateOfBirth',
      { type: 'server', message: 'signUp.errors.ageDoesNotMatch' },
      { shouldFocus: true },
    );
    return false;
  };

  const next = async () => {
    if (active === 'membership') {
      if (await check(membershipFields)) goTo('personal');
    } else if (active === 'personal') {
      if ((await check(personalFields)) && checkAge()) goTo('summary');
    } else if (active === 'summary') {
      if (!hasMandate) {
        setMandateError(t('signUp.summary.mandateRequired'));
        return;
      }
      await form.handleSubmit((parsed) => send(parsed), onInvalid)();
    }
  };

  /** The form does not pass the contract (it did step by step; a rule across fields may not): to that step. */
  const onInvalid = (errors: object) => {
    setPopup(null);
    const names = Object.keys(errors);
    if (names.some((name) => (membershipFields as readonly string[]).includes(name))) goTo('membership');
    else goTo('personal');
  };

  const send = (parsed: SignUpFormOutput, accountPassword?: string) => {
    setProblem(null);
    const language = i18n.language === 'en' ? ('en' as const) : ('nl' as const);
    const body = accountPassword
      ? { ...parsed, language, password: accountPassword, confirmPassword: accountPassword }
      : { ...parsed, language };
    return new Promise<void>((resolve) => {
      signUp.mutate(
        { body },
        {
          onSuccess: ({ checkoutUrl, resultToken, mailSent }) => {
            if (mailSent) {
              // The same answer for every address until a password proves the account: the popup's try
              // that did not prove it says so, the form says where the mail went.
              setPopup((open) =>
                open && accountPassword !== undefined ? { error: 'signUp.login.notProven' } : null,
              );
              setMailSent(true);
              setActive('mail');
              return;
            }
            setPopup(null);
            if (checkoutUrl) {
              goTo('pay');
              onCheckout(checkoutUrl);
            } else if (resultToken) {
              onResult(resultToken);
            }
          },
          onError: (error) => failed(error, accountPassword !== undefined),
          onSettled: () => resolve(),
        },
      );
    });
  };

  /** What a refused sign-up shows: errors on fields, or what went wrong. */
  const failed = (error: ApiCallError, isFromPopup: boolean) => {
    if (error.status === 429) {
      if (isFromPopup) setPopup({ error: 'signUp.errors.tooMany' });
      else setProblem('signUp.errors.tooMany');
      return;
    }
    setPopup(null);
    const onFields = error.status === 400 || error.status === 409 ? fieldErrors(error) : [];
    if (onFields.length === 0) {
      const known = error.status === 400 ? error.errors.find((entry) => entry.message)?.message : undefined;
      setProblem(known && known !== 'general_error' ? known : 'signUp.errors.creationFailed');
      return;
    }
    for (const [index, { name, message }] of onFields.entries())
      form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 });
    const names = onFields.map(({ name }) => name as string);
    if (names.includes('locationId')) setProblem(onFields[0]?.message ?? 'signUp.errors.creationFailed');
    else if (names.some((name) => (membershipFields as readonly string[]).includes(name))) {
      // The club's offer changed meanwhile: show it as it is now.
      void subscriptions.refetch();
      goTo('membership');
    } else goTo('personal');
  };

  /** The server's errors on the form's fields; the age rule on the date of birth, where it can be fixed. */
  const fieldErrors = (error: ApiCallError) =>
    error.errors.flatMap((entry) => {
      const name = fieldOf(entry.key ?? '');
      if (entry.message === AGE_ERROR)
        return [{ name: 'dateOfBirth' as const, message: 'signUp.errors.ageDoesNotMatch' }];
      if (MEMBERSHIP_GONE.includes(entry.message))
        return [{ name: 'variantId' as const, message: 'signUp.errors.membershipGone' }];
      if (!signUpFormFields.includes(name)) return [];
      return [{ name: name as FieldPath<SignUpFormValues>, message: entry.message || 'validation.invalid' }];
    });

  const back = () => {
    const previous = steps[index - 1];
    if (previous) goTo(previous);
  };

  const changeSection = (section: SummarySection) =>
    goTo(section === 'club' ? (postalCode ? 'choose' : 'find') : section);

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void next();
  };

  const isSubmitting = signUp.isPending || active === 'pay';
  const labels: Record<StepId, string> = {
    find: t('signUp.steps.find'),
    choose: t('signUp.steps.choose'),
    membership: t('signUp.steps.membership'),
    personal: t('signUp.steps.personal'),
    summary: t('signUp.steps.summary'),
    pay: t('signUp.steps.pay'),
    mail: t('signUp.steps.mail'),
  };

  return (
    <Stack gap="lg">
      <StepProgress
        steps={isMailSent ? steps.map((step) => (step === 'pay' ? 'mail' : step)) : steps}
        labels={labels}
        active={active}
        isKiosk={isKiosk}
        onBack={goTo}
        isBusy={isSubmitting}
        headingRef={headingRef}
      />

      {active === 'find' && (
        <FindClubStep
          postalCode={postalCode}
          onSearch={(code) => {
            setPostalCode(code);
            move('choose');
          }}
          gymClubs={gymClubs?.clubs}
          gymClubsState={gymClubs}
          chosenId={club?.id ?? null}
          onChoose={chooseClub}
          buttonSize={buttonSize}
        />
      )}
      {active === 'choose' && postalCode && (
        <ChooseClubStep
          postalCode={postalCode}
          gymSlug={gymSlug}
          chosenId={club?.id ?? null}
          onChoose={chooseClub}
          onOtherPostalCode={() => goTo('find')}
          buttonSize={buttonSize}
        />
      )}

      {(active === 'membership' || active === 'personal' || active === 'summary') && club && (
        <Box component="form" noValidate onSubmit={onFormSubmit} aria-label={labels[active]}>
          {active === 'membership' && <MembershipStep form={form} locationId={club.id} isKiosk={isKiosk} />}
          <Suspense fallback={<LoadingState />}>
            {active === 'personal' && <PersonalStep control={form.control} isKiosk={isKiosk} />}
            {active === 'summary' &&
              (membership ? (
                <SummaryStep
                  values={form.getValues()}
                  club={club}
                  subscription={membership.subscription}
                  variant={membership.variant}
                  canChangeClub={!namedClub}
                  onChange={changeSection}
                  hasMandate={hasMandate}
                  onMandateChange={(accepted) => {
                    setMandate(accepted);
                    setMandateError(null);
                  }}
                  mandateError={mandateError}
                  isKiosk={isKiosk}
                />
              ) : (
                <LoadingState />
              ))}
          </Suspense>
          {problem && (
            <Box mt="lg">
              <Problem title={t('signUp.errors.creationFailedTitle')} text={translateMessage(t, problem)} />
            </Box>
          )}
          {form.formState.errors.website && (
            <Alert color="red" variant="light" role="alert" mt="lg">
              {t('signUp.errors.refused')}
            </Alert>
          )}
          <Group justify="space-between" mt="xl" gap="sm">
            {index > 0 ? (
              <Button variant="default" size={buttonSize} onClick={back} disabled={isSubmitting}>
                {t('signUp.actions.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" size={buttonSize} loading={isSubmitting}>
              {active === 'summary' ? t('signUp.actions.submit') : t('signUp.actions.next')}
            </Button>
          </Group>
        </Box>
      )}

      {(active === 'find' || active === 'choose') && index > 0 && (
        <Group>
          <Button variant="default" size={buttonSize} onClick={back}>
            {t('signUp.actions.back')}
          </Button>
        </Group>
      )}

      {active === 'mail' && isMailSent && (
        <Stack gap="md" role="status">
          <Alert color="blue" variant="light" title={t('signUp.mail.title')}>
            {t('signUp.mail.text', { email: form.getValues('email') })}
          </Alert>
          <Text size="sm">{t('signUp.mail.notYou')}</Text>
          {!isKiosk && (
            <Group>
              <Button variant="default" size={buttonSize} onClick={() => setPopup({ error: null })}>
                {t('signUp.mail.haveAccount')}
              </Button>
            </Group>
          )}
        </Stack>
      )}

      {active === 'pay' && (
        <Stack align="center" gap="sm" py="xl" role="status">
          <Loader aria-hidden />
          <Text>{t('signUp.pay.redirecting')}</Text>
        </Stack>
      )}

      {!isKiosk && popup && (
        <Suspense fallback={null}>
          <LoginPopup
            opened
            email={form.getValues('email')}
            error={popup.error}
            isBusy={signUp.isPending}
            onClose={() => setPopup(null)}
            onSubmit={(password) => void form.handleSubmit((parsed) => send(parsed, password), onInvalid)()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
