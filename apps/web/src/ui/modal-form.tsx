import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useModalFlow } from './modal-flow';
import { SubmitActions } from './submit-actions';

interface ModalFormProps {
  /** Usually react-hook-form's `handleSubmit(...)` around `flow.save(...)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name (already translated). */
  label: string;
  onCancel: () => void;
  /** Translation key or text of the submit button; 'Opslaan' unless told. */
  submitLabel?: string;
  children: ReactNode;
}

/**
 * The form inside a `ModalFlow`: its fields, then 'Annuleren' and the submit button, which shows the
 * flow's saving step.
 */
export function ModalForm({
  onSubmit,
  label,
  onCancel,
  submitLabel = 'actions.save',
  children,
}: ModalFormProps) {
  const flow = useModalFlow();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="xl">
        {children}
        <SubmitActions submitLabel={submitLabel} isSubmitting={flow.step === 'saving'} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
