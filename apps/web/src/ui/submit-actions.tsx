import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './translate';

interface SubmitActionsProps {
  /** Translation key or text of the submit button ('Lid toevoegen'). */
  submitLabel: string;
  /** Saving is under way: the submit button shows it. */
  isSubmitting: boolean;
  onCancel: () => void;
  /** 'red' for what cannot simply be undone (ending a membership). */
  color?: string | undefined;
}

/**
 * The footer of a form that makes something (a new page, a dialog): 'Annuleren' and the submit button,
 * which submits the surrounding form. A form shown in place, with its saved values, has `FormActions`.
 */
export function SubmitActions({ submitLabel, isSubmitting, onCancel, color }: SubmitActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={isSubmitting} color={color}>
        {translateMessage(t, submitLabel)}
      </Button>
    </Group>
  );
}
