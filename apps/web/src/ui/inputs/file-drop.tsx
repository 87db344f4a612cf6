import { CloseButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFile, IconUpload } from '@tabler/icons-react';
import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../translate';
import { checkFiles, describeAccept, type FileRejectionReason, formatFileSize } from './file-utils';
import { type FormFieldProps, useFormField } from './use-form-field';

export interface FileDropProps {
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** MIME types, wildcards or extensions: ['.xlsx'], ['image/*']. */
  accept?: readonly string[];
  /** Largest file in bytes. */
  maxSize?: number;
  /** Called when a drop or pick is refused (more than one file, wrong type, too large). */
  onReject?: (reason: FileRejectionReason) => void;
  /** Translation key or text of the drop area. */
  prompt?: string;
}

/** A drop area for one file, also usable by click or keyboard; shows the chosen file with a remove button. */
export function FileDrop({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  disabled,
  accept,
  maxSize,
  onReject,
  prompt,
}: FileDropProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [isDragging, setDragging] = useState(false);
  const [rejection, setRejection] = useState<FileRejectionReason | null>(null);
  const locale = i18n.language === 'en' ? 'en-GB' : 'nl-NL';

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const reason = checkFiles(files, accept, maxSize);
    setRejection(reason);
    if (reason) onReject?.(reason);
    else onChange(files[0] ?? null);
    onBlur?.();
  };

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
  const rejectionText = rejection
    ? t(`ui.fileDrop.${rejection}`, { size: maxSize !== undefined ? formatFileSize(maxSize, locale) : '' })
    : undefined;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error ?? rejectionText}
      withAsterisk={required}
      labelProps={{ htmlFor: inputId }}
    >
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
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        hidden
        disabled={disabled}
        accept={accept?.join(',')}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
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
            onClick={() => {
              setRejection(null);
              onChange(null);
              onBlur?.();
            }}
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
> = FormFieldProps<T, N, TOutput> &
  Omit<FileDropProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'required'>;

/** `FileDrop` bound to a form field holding a `File` (or null). */
export function FileDropField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>({
  name,
  control,
  required,
  ...props
}: FileDropFieldProps<T, N, TOutput>) {
  const { field, error } = useFormField({ name, control });
  return (
    <FileDrop
      {...props}
      required={required}
      value={field.value as File | null | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={error}
    />
  );
}
