import { CloseButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload } from '@tabler/icons-react';
import type { DragEvent, KeyboardEvent } from 'react';
import { useId, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { translateMessage } from '../translate';
import { describeAccept, type FileRejectionReason, formatFileSize } from './file-utils';
import { type FilePickProps, useFilePick } from './use-file-pick';
import { type FieldWrapperProps, useFieldControl } from './use-form-field';

export interface FileDropProps extends FilePickProps {
  value: File | null | undefined;
  /** MIME types, wildcards or extensions: ['.xlsx'], ['image/*']. */
  accept?: readonly string[];
  /** Called when a drop or pick is refused (more than one file, wrong type, too large). */
  onReject?: (reason: FileRejectionReason) => void;
  /** Translation key or text of the drop area. */
  prompt?: string;
}

/** A drop area for one file, also usable by click or keyboard; shows the chosen file with a remove button. */
export function FileDrop({ value, disabled, accept, maxSize, prompt, ...props }: FileDropProps) {
  const { t, locale, inputRef, take, clear, fileInput, wrapperProps } = useFilePick({
    ...props,
    disabled,
    accept,
    maxSize,
  });
  const hintId = useId();
  const [isDragging, setDragging] = useState(false);

  const open = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  const hints = [
    accept?.length ? t('ui.fileDrop.accepts', { types: describeAccept(accept) }) : undefined,
    maxSize !== undefined ? t('ui.fileDrop.maxSize', { size: formatFileSize(maxSize, locale) }) : undefined,
  ].filter(Boolean);

  return (
    <Input.Wrapper {...wrapperProps}>
      <Paper
        withBorder
        p="lg"
        mt={4}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-describedby={hints.length ? hintId : undefined}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={isDragging || undefined}
        style={{
          borderStyle: 'dashed',
          cursor: disabled ? 'not-allowed' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          borderColor: isDragging ? 'var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        <Stack align="center" gap={4}>
          <IconUpload size={28} aria-hidden />
          <Text size="sm">{prompt ? translateMessage(t, prompt) : t('ui.fileDrop.prompt')}</Text>
          {hints.length > 0 && (
            <Text size="xs" c="dimmed" id={hintId}>
              {hints.join(' · ')}
            </Text>
          )}
        </Stack>
      </Paper>
      {fileInput}
      {value && (
        <Group gap="xs" mt="xs" wrap="nowrap">
          <IconFile size={18} aria-hidden />
          <Text size="sm" truncate>
            {value.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(value.size, locale)}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('ui.fileDrop.remove', { name: value.name })}
            disabled={disabled}
            onClick={clear}
          />
        </Group>
      )}
    </Input.Wrapper>
  );
}

export type FileDropFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<FileDropProps, T, N, TOutput, 'onBlur'>;

/** `FileDrop` bound to a form field holding a `File` (or null). */
export function FileDropField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: FileDropFieldProps<T, N, TOutput>,
) {
  const { field, controlProps } = useFieldControl(props);
  return <FileDrop {...controlProps} value={field.value as File | null | undefined} />;
}
