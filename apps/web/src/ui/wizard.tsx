import { Box, Button, Group, Stepper } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useRef, useState } from 'react';
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './translate';

export interface WizardStep<T extends FieldValues> {
  /** Translation key or text. */
  label: string;
  /** Translation key or text. */
  description?: string;
  /** Shows 'Optioneel' under the label. */
  isOptional?: boolean;
  /** Fields of this step; the step is valid when `trigger(fields)` passes. */
  fields?: readonly FieldPath<T>[];
  content: ReactNode;
  /** Extra check when leaving the step forward (Next, a later indicator, or submit); `false` stays. */
  onBeforeNext?: () => boolean | Promise<boolean>;
}

export interface WizardProps<T extends FieldValues, TOutput = T> {
  form: UseFormReturn<T, unknown, TOutput>;
  steps: readonly WizardStep<T>[];
  /** Called with the parsed values after the last step; the wizard shows loading until it settles. */
  onSubmit: (values: TOutput) => unknown;
  /** Label of the button on the last step; default 'Bevestigen'. */
  submitLabel?: string;
  /** Step to start on (0-based), e.g. editing a template starts at step 3. */
  initialStep?: number;
  onStepChange?: (step: number) => void;
  /** Shown instead of 'Terug' on the first step. */
  onCancel?: () => void;
  /**
   * A step after the submit (a success screen): listed in the stepper from the start, never reached by
   * Next or its indicator; shown, without buttons and with every step done, once `isDone`.
   */
  doneStep?: { label: string; content: ReactNode };
  /** The submit succeeded: show `doneStep`. */
  isDone?: boolean;
}

/**
 * A multi-step form on one react-hook-form instance. A later step opens (by Next or by clicking the step
 * indicator) only when every earlier step is valid; the last step submits the whole form.
 */
export function Wizard<T extends FieldValues, TOutput = T>({
  form,
  steps,
  onSubmit,
  submitLabel,
  initialStep = 0,
  onStepChange,
  onCancel,
  doneStep,
  isDone = false,
}: WizardProps<T, TOutput>) {
  const { t } = useTranslation();
  const [active, setActiveState] = useState(() => Math.min(Math.max(initialStep, 0), steps.length - 1));
  const [isBusy, setBusy] = useState(false);
  const busy = useRef(false);
  const last = steps.length - 1;
  const isLast = active === last;

  const setActive = (step: number) => {
    setActiveState(step);
    onStepChange?.(step);
  };

  const isStepValid = async (index: number, runCheck: boolean) => {
    const step = steps[index];
    if (!step) return true;
    if (step.fields?.length) {
      // Touch the step's fields so their errors show (the inputs show errors of touched fields only).
      for (const field of step.fields) {
        form.setValue(field, form.getValues(field), { shouldTouch: true });
      }
      if (!(await form.trigger([...step.fields]))) return false;
    }
    if (runCheck && step.onBeforeNext && !(await step.onBeforeNext())) return false;
    return true;
  };

  const withBusy = async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setBusy(false);
    }
  };

  const goTo = (target: number) =>
    withBusy(async () => {
      if (isDone || target > last) return;
      if (target <= active) {
        setActive(target);
        return;
      }
      for (let index = 0; index < target; index++) {
        // Steps already passed are re-validated; only the steps being left run their own check.
        if (!(await isStepValid(index, index >= active))) {
          if (index !== active) setActive(index);
          return;
        }
      }
      setActive(target);
    });

  const firstStepWithError = (errors: FieldErrors<T>) => {
    const names = Object.keys(errors);
    const index = steps.findIndex((step) =>
      step.fields?.some((field) => names.includes(String(field).split('.')[0] ?? '')),
    );
    return index;
  };

  const submit = () =>
    withBusy(async () => {
      if (!(await isStepValid(active, true))) return;
      await form.handleSubmit(
        async (values) => {
          await onSubmit(values);
        },
        (errors) => {
          const index = firstStepWithError(errors);
          if (index >= 0 && index !== active) setActive(index);
        },
      )();
    });

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    void (isLast ? submit() : goTo(active + 1));
  };

  const shown = doneStep && isDone;
  const labelled = doneStep ? [...steps, { label: doneStep.label }] : steps;
  return (
    <Box component="form" noValidate onSubmit={onFormSubmit}>
      <Stepper
        active={shown ? steps.length : active}
        onStepClick={(index) => void goTo(index)}
        allowNextStepsSelect={!shown}
        size="sm"
      >
        {labelled.map((step: Pick<WizardStep<T>, 'label' | 'description' | 'isOptional'>, index) => {
          const description = [
            step.description ? translateMessage(t, step.description) : undefined,
            step.isOptional ? t('ui.wizard.optional') : undefined,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <Stepper.Step
              key={step.label}
              label={translateMessage(t, step.label)}
              description={description || undefined}
              aria-current={index === (shown ? steps.length : active) ? 'step' : undefined}
              allowStepSelect={shown ? false : index < steps.length}
            />
          );
        })}
      </Stepper>

      <Box mt="xl">{shown ? doneStep.content : steps[active]?.content}</Box>

      {!shown && (
        <Group justify="space-between" mt="xl">
          {active > 0 ? (
            <Button variant="default" onClick={() => void goTo(active - 1)} disabled={isBusy}>
              {t('ui.wizard.back')}
            </Button>
          ) : onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isBusy}>
              {t('ui.actions.cancel')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={isBusy || form.formState.isSubmitting}>
            {isLast
              ? submitLabel
                ? translateMessage(t, submitLabel)
                : t('ui.wizard.submit')
              : t('ui.wizard.next')}
          </Button>
        </Group>
      )}
    </Box>
  );
}
