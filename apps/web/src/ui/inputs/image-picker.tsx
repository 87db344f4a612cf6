import { Box, Button, Center, Group, Image, Input, Stack } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FilePickProps, useFilePick } from './use-file-pick';
import { type FieldWrapperProps, useFieldControl } from './use-form-field';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface ImagePickerProps extends FilePickProps {
  /** A newly chosen file, or the URL of the current image. */
  value: File | string | null | undefined;
  /** Preview width and height in px; default 160. */
  previewSize?: number;
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
  disabled,
  accept = IMAGE_TYPES,
  previewSize = 160,
  ...props
}: ImagePickerProps) {
  const { t, inputRef, clear, fileInput, wrapperProps } = useFilePick({ ...props, disabled, accept });
  const previewUrl = usePreviewUrl(value);

  return (
    <Input.Wrapper {...wrapperProps}>
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
              onClick={clear}
            >
              {t('ui.imagePicker.remove')}
            </Button>
          )}
        </Stack>
      </Group>
      {fileInput}
    </Input.Wrapper>
  );
}

export type ImagePickerFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<ImagePickerProps, T, N, TOutput, 'onBlur'>;

/** `ImagePicker` bound to a form field holding a `File`, an existing image URL, or null. */
export function ImagePickerField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: ImagePickerFieldProps<T, N, TOutput>,
) {
  const { field, controlProps } = useFieldControl(props);
  return <ImagePicker {...controlProps} value={field.value as File | string | null | undefined} />;
}
