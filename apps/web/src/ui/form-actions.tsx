import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** Whether the form has changes: undo is only possible then. */
  isDirty: boolean;
  /** Saving is under way: the save button shows it. */
  isSubmitting: boolean;
  /** Puts back the saved values (usually react-hook-form's `reset()`). */
  onUndo: () => void;
  /** Translation key of the undo button ('Ongedaan maken'). */
  undoLabel: string;
}

/**
 * The footer of a form shown in place (not in a side panel): 'Ongedaan maken' while there are changes and
 * 'Opslaan', which submits the surrounding form.
 */
export function FormActions({ isDirty, isSubmitting, onUndo, undoLabel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" disabled={!isDirty} onClick={onUndo}>
        {t(undoLabel)}
      </Button>
      <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}
