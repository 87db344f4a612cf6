import { Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface StepProgressProps<S extends string> {
  steps: readonly S[];
  labels: Record<S, string>;
  active: S;
  isKiosk: boolean;
  /** A step before the active one was clicked (not while sending). */
  onBack: (step: S) => void;
  isBusy: boolean;
  /** The active step's heading, focused when the step changes. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * Where the person is in a sign-up: the steps in a row (a stepper from `sm` up; earlier steps can be
 * clicked), 'Stap 2 van 4' with a bar on a phone, and the active step's heading.
 */
export function StepProgress<S extends string>({
  steps,
  labels,
  active,
  isKiosk,
  onBack,
  isBusy,
  headingRef,
}: StepProgressProps<S>) {
  const { t } = useTranslation();
  const index = steps.indexOf(active);
  return (
    <>
      <Stepper
        active={index}
        onStepClick={(target) => {
          const step = steps[target];
          if (step && target < index && !isBusy) onBack(step);
        }}
        allowNextStepsSelect={false}
        size={isKiosk ? 'md' : 'sm'}
        // Labels under the icons: six steps in a row on a tablet.
        labelPosition="bottom"
        wrap={false}
        styles={{
          separator: { marginInline: 'var(--mantine-spacing-xs)' },
          stepBody: { textAlign: 'center' },
        }}
        visibleFrom="sm"
      >
        {steps.map((step, position) => (
          <Stepper.Step
            key={step}
            label={labels[step]}
            aria-current={position === index ? 'step' : undefined}
          />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="sm">
        <Text size="sm" c="dimmed">
          {t('signUp.steps.progress', { step: index + 1, total: steps.length })}
        </Text>
        <Progress value={((index + 1) / steps.length) * 100} size="sm" aria-hidden />
      </Stack>

      <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {labels[active]}
      </Title>
    </>
  );
}
