import { ActionIcon, Button, Group, TextInput, Title, type TitleOrder } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './translate';

export interface InlineEditProps {
  value: string;
  /** Saves the new text; may be async (the 'Gereed' button shows loading). Return `false` to stay editing. */
  onSave: (value: string) => unknown;
  /** Accessible name of the input and of the edit button ('Naam'). */
  label: string;
  /** Returns a translation key or text when the value is not acceptable. */
  validate?: (value: string) => string | null | undefined;
  /** Heading level of the title; default 3. */
  order?: TitleOrder;
  /** Custom rendering of the title. */
  renderValue?: (value: string) => ReactNode;
  disabled?: boolean;
}

/** A title with an edit button that turns into an input with 'Annuleren' / 'Gereed' (Escape / Enter). */
export function InlineEdit({
  value,
  onSave,
  label,
  validate,
  order = 3,
  renderValue,
  disabled,
}: InlineEditProps) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);

  // Focus moves into the input when editing starts and back to the edit button when it ends.
  useEffect(() => {
    if (isEditing) {
      input.current?.focus();
      input.current?.select();
    } else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    if (isSaving) return;
    setDraft(value);
    setError(null);
    setEditing(false);
  };
  const confirm = async () => {
    if (isSaving) return;
    const problem = validate?.(draft);
    if (problem) {
      setError(translateMessage(t, problem));
      return;
    }
    setSaving(true);
    try {
      const result = await onSave(draft);
      if (result !== false) setEditing(false);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void confirm();
    }
  };

  if (!isEditing) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Title order={order}>{renderValue ? renderValue(value) : value}</Title>
        {!disabled && (
          <ActionIcon
            ref={editButton}
            variant="subtle"
            color="gray"
            aria-label={t('ui.inlineEdit.edit', { label })}
            onClick={start}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    );
  }

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        aria-label={label}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={error}
        disabled={isSaving}
        ref={input}
        style={{ flex: 1 }}
      />
      <Button variant="default" onClick={cancel} disabled={isSaving}>
        {t('ui.actions.cancel')}
      </Button>
      <Button onClick={() => void confirm()} loading={isSaving}>
        {t('ui.inlineEdit.done')}
      </Button>
    </Group>
  );
}
