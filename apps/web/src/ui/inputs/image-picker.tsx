import { Box, Button, Center, Group, Image, Input, Stack } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkFiles, type FileRejectionReason, formatFileSize } from './file-utils';
import { type FormFieldProps, useFormField } from './use-form-field';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface ImagePickerProps {
  /** A newly chosen file, or the URL of the current image. */
  value: File | string | null | undefined;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  accept?: readonly string[];
  /** Largest file in bytes. */
  maxSize?: number;
  /** Preview width and height in px; default 160. */
  previewSize?: number;
  onReject?: (reason: FileRejectionReason) => void;
}

/** Preview URL of a file (object URL, revoked when it changes) or the given URL. */
function usePreviewUrl(value: File | string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(typeof value === 'string' ? value : null);
  useEffect(() => {
    if (!value) {
      setUrl(null);
      return;
    }
    if (typeof value === 'string') {
      setUrl(value);
      return;
    }
    if (typeof URL.createObjectURL === 'function') {
      const objectUrl = URL.createObjectURL(value);
      setUrl(objectUrl);
      return () => URL.revokeObjectURL(objectUrl);
    }
    let isCurrent = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (isCurrent) setUrl(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.readAsDataURL(value);
    return () => {
      isCurrent = false;
    };
  }, [value]);
  return url;
}

/** Chooses one image, shows its preview, and can clear it. */
export function ImagePicker({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  disabled,
  accept = IMAGE_TYPES,
  maxSize,
  previewSize = 160,
  onReject,
}: ImagePickerProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [rejection, setRejection] = useState<FileRejectionReason | null>(null);
  const previewUrl = usePreviewUrl(value);
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
      <Group align="flex-end" gap="md" mt={4}>
        <Box
          w={previewSize}
          h={previewSize}
          bd="1px solid var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {previewUrl ? (
            <Image src={previewUrl} alt={t('ui.imagePicker.preview')} w="100%" h="100%" fit="cover" />
          ) : (
            <Center h="100%" c="dimmed">
              <IconPhoto size={40} aria-hidden />
            </Center>
          )}
        </Box>
        <Stack gap="xs">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            {value ? t('ui.imagePicker.change') : t('ui.imagePicker.choose')}
          </Button>
          {value && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={disabled}
              onClick={() => {
                setRejection(null);
                onChange(null);
                onBlur?.();
              }}
            >
              {t('ui.imagePicker.remove')}
            </Button>
          )}
        </Stack>
      </Group>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        hidden
        disabled={disabled}
        accept={accept.join(',')}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </Input.Wrapper>
  );
}

export type ImagePickerFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FormFieldProps<T, N, TOutput> &
  Omit<ImagePickerProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'required'>;

/** `ImagePicker` bound to a form field holding a `File`, an existing image URL, or null. */
export function ImagePickerField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>({
  name,
  control,
  required,
  ...props
}: ImagePickerFieldProps<T, N, TOutput>) {
  const { field, error } = useFormField({ name, control });
  return (
    <ImagePicker
      {...props}
      required={required}
      value={field.value as File | string | null | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={error}
    />
  );
}
