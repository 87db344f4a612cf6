import { Box, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconArrowBackUp, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@xp/contracts';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { useObjectUrl } from '../use-object-url';
import { formatFileSize } from './file-utils';
import { type FieldWrapperProps, useFieldControl } from './use-form-field';

export interface ImageDropzoneProps {
  /** The newly chosen image, or null (then the current image, if any, is shown). */
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /** Hash of the image stored now (served by the CDN); shown while no new file is chosen. */
  currentHash?: string | null;
  /**
   * Removes the current image; the button shows only when given. If it deletes at once (a DELETE call),
   * ask for confirmation first (`openConfirm`); if it only marks the form, the save does it.
   */
  onRemoveCurrent?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Largest file in bytes; default the server's limit (5 MB). */
  maxSize?: number;
  /** Preview height in px; default 120. */
  previewSize?: number;
  /**
   * Width to height of the preview; default 1 (a square). A wider one (a banner: 4) is `previewSize` high
   * and `previewSize × previewAspect` wide, shrinking with the field, and sits above the drop area.
   */
  previewAspect?: number;
}

/**
 * Whether the browser can decode the file as an image. A PNG in name only is refused here, as the server
 * would: no broken preview and no upload that can only fail.
 */
async function isDecodable(file: File): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

const REJECTION_KEYS: Record<string, string> = {
  'file-too-large': 'files.errors.tooLarge',
  'file-invalid-type': 'files.errors.notAnImage',
  'too-many-files': 'ui.imageField.tooMany',
};

/**
 * Chooses one PNG, JPEG or WebP image by drop, click or keyboard (Enter / Space on the drop area), shows a
 * preview of it or of the current image (`currentHash`), and can undo the choice or remove the current
 * image. The server checks the content again (`storeImage`); this only spares a useless upload.
 */
export function ImageDropzone({
  value,
  onChange,
  onBlur,
  currentHash,
  onRemoveCurrent,
  label,
  description,
  error,
  required,
  disabled,
  maxSize = MAX_IMAGE_BYTES,
  previewSize = 120,
  previewAspect = 1,
}: ImageDropzoneProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'nl-NL';
  const hintId = useId();
  const [rejection, setRejection] = useState<string | null>(null);
  const fileUrl = useObjectUrl(value);
  const isWide = previewAspect > 1;
  const previewWidth = previewSize * previewAspect;
  const previewUrl = value
    ? fileUrl
    : currentHash
      ? cdnUrl(currentHash, { w: Math.round(previewWidth * 2), h: previewSize * 2, fit: 'contain' })
      : null;
  const hasImage = Boolean(value || currentHash);
  const sizeText = formatFileSize(maxSize, locale);

  const onDrop = (files: File[]) => {
    setRejection(null);
    onChange(files[0] ?? null);
    onBlur?.();
  };
  // One decision per drop or pick: more than one file refuses them all (rather than taking the first).
  const onDropAny = (accepted: File[], rejections: FileRejection[]) => {
    if (accepted.length + rejections.length > 1) {
      setRejection(REJECTION_KEYS['too-many-files'] ?? null);
      onBlur?.();
    } else if (rejections.length > 0) {
      setRejection(REJECTION_KEYS[rejections[0]?.errors[0]?.code ?? ''] ?? 'files.errors.notAnImage');
      onBlur?.();
    } else if (accepted[0]) {
      const file = accepted[0];
      void isDecodable(file).then((isImage) => {
        if (isImage) return onDrop([file]);
        setRejection(REJECTION_KEYS['file-invalid-type'] ?? null);
        onBlur?.();
      });
    }
  };
  // A refused file says why, before the form's own 'required'.
  const shownError = (rejection ? t(rejection, { size: sizeText }) : undefined) ?? error;

  const sizeNote = value && (
    <Text size="xs" c="dimmed" maw={isWide ? undefined : previewSize} truncate>
      {formatFileSize(value.size, locale)}
    </Text>
  );
  const actionButton =
    value && currentHash ? (
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        disabled={disabled}
        onClick={() => onDrop([])}
      >
        {t('ui.imageField.undo')}
      </Button>
    ) : value || onRemoveCurrent ? (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={disabled}
        onClick={() => (value ? onDrop([]) : onRemoveCurrent?.())}
      >
        {t('ui.imageField.remove')}
      </Button>
    ) : null;
  const preview = hasImage && (
    <Stack gap={4} align={isWide ? 'flex-start' : 'center'}>
      <Box
        w={previewWidth}
        h={isWide ? undefined : previewSize}
        maw="100%"
        bd="1px solid var(--mantine-color-default-border)"
        style={{
          aspectRatio: previewAspect,
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          flexShrink: 0,
        }}
      >
        {previewUrl && (
          <Image
            src={previewUrl}
            alt={value ? t('ui.imageField.preview') : t('ui.imageField.current')}
            w="100%"
            h="100%"
            fit="contain"
          />
        )}
      </Box>
      {isWide ? (
        <Group gap="xs" wrap="nowrap">
          {sizeNote}
          {actionButton}
        </Group>
      ) : (
        <>
          {sizeNote}
          {actionButton}
        </>
      )}
    </Stack>
  );

  const dropzone = (
    <Dropzone
      onDrop={() => {}}
      onDropAny={onDropAny}
      accept={[...IMAGE_MIME_TYPES]}
      maxSize={maxSize}
      maxFiles={1}
      multiple={false}
      disabled={disabled}
      role="button"
      // Named by its visible prompt; the hint describes it. The file input is no second control inside.
      aria-describedby={hintId}
      inputProps={{ style: { display: 'none' } }}
      aria-invalid={shownError ? true : undefined}
      style={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderColor: shownError ? 'var(--mantine-color-error)' : undefined,
      }}
      mih={isWide ? undefined : previewSize}
    >
      <Stack align="center" gap={4} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={32} aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={32} aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconPhoto size={32} aria-hidden />
        </Dropzone.Idle>
        <Text size="sm" ta="center">
          {hasImage ? t('ui.imageField.replace') : t('ui.imageField.prompt')}
        </Text>
        <Text size="xs" c="dimmed" id={hintId} ta="center" aria-hidden>
          {t('ui.imageField.hint', { size: sizeText })}
        </Text>
      </Stack>
    </Dropzone>
  );

  return (
    <Input.Wrapper label={label} description={description} error={shownError} withAsterisk={required}>
      {isWide ? (
        <Stack gap="sm" mt={4}>
          {preview}
          {dropzone}
        </Stack>
      ) : (
        <Group align="stretch" gap="md" mt={4} wrap="nowrap">
          {preview}
          {dropzone}
        </Group>
      )}
    </Input.Wrapper>
  );
}

export type ImageFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<ImageDropzoneProps, T, N, TOutput, 'onBlur'>;

/**
 * `ImageDropzone` bound to a form field holding the new `File` or null; the current image comes in as
 * `currentHash`. Validate the field with the contract's `fileUpload` (`.nullable()` when optional).
 */
export function ImageField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: ImageFieldProps<T, N, TOutput>,
) {
  const { field, controlProps } = useFieldControl(props);
  return <ImageDropzone {...controlProps} value={field.value as File | null | undefined} />;
}
