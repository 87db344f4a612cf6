import { ActionIcon, Badge, Box, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@xp/contracts';
import { type DragEvent, useId, useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { formatFileSize } from '@/ui/inputs/file-utils';
import { type FieldWrapperProps, useFieldControl } from '@/ui/inputs/use-form-field';
import { useObjectUrl } from '@/ui/use-object-url';

/** One image of the product in the form: a stored one (its hash) or a newly chosen file. */
export type ProductImageItem =
  | { key: string; hash: string; fileName: string; file?: undefined }
  | { key: string; file: File; fileName: string; hash?: undefined };

let nextKey = 0;
/** A new file as an item of the list. */
export const newImageItem = (file: File): ProductImageItem => ({
  key: `new-${++nextKey}`,
  file,
  fileName: file.name,
});

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export interface ProductImagesInputProps {
  value: readonly ProductImageItem[] | undefined;
  onChange: (items: ProductImageItem[]) => void;
  onBlur?: () => void;
  label?: string;
  description?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}

const PREVIEW = 112;

/**
 * The product's images in their order (the first is the product's picture in lists): add several by drop,
 * click or keyboard, move each one earlier or later (buttons, or drag one onto another), remove one.
 */
export function ProductImagesInput({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  disabled,
}: ProductImagesInputProps) {
  const { t, i18n } = useTranslation();
  const items = value ?? [];
  const hintId = useId();
  const [rejection, setRejection] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const sizeText = formatFileSize(MAX_IMAGE_BYTES, i18n.language === 'en' ? 'en-GB' : 'nl-NL');

  const change = (next: ProductImageItem[]) => {
    onChange(next);
    onBlur?.();
  };
  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setRejection(
      code === undefined
        ? null
        : code === 'file-too-large'
          ? 'files.errors.tooLarge'
          : 'files.errors.notAnImage',
    );
    if (accepted.length > 0) change([...items, ...accepted.map(newImageItem)]);
    else onBlur?.();
  };
  const shownError = rejection ? t(rejection, { size: sizeText }) : error;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={shownError}
      withAsterisk={required}
      // A group of controls, named by its label.
      labelElement="div"
    >
      <Stack gap="sm" mt={4}>
        {items.length > 0 && (
          <Group gap="sm" align="stretch" role="list" aria-label={label}>
            {items.map((item, index) => (
              <Paper
                key={item.key}
                role="listitem"
                withBorder
                p={6}
                radius="md"
                draggable={!disabled}
                onDragStart={(event: DragEvent) => {
                  event.dataTransfer.effectAllowed = 'move';
                  setDragged(index);
                }}
                onDragOver={(event: DragEvent) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event: DragEvent) => {
                  event.preventDefault();
                  if (dragged !== null) change(moveItem(items, dragged, index));
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                style={{ opacity: dragged === index ? 0.5 : 1, cursor: disabled ? undefined : 'grab' }}
              >
                <Stack gap={4} align="center">
                  <Box pos="relative">
                    <ImagePreview item={item} />
                    <Badge
                      size="sm"
                      variant={index === 0 ? 'filled' : 'default'}
                      pos="absolute"
                      top={4}
                      left={4}
                      aria-hidden
                    >
                      {index + 1}
                    </Badge>
                  </Box>
                  <Text size="xs" c="dimmed" maw={PREVIEW} truncate title={item.fileName}>
                    {item.fileName}
                  </Text>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('fitnessProduct.images.moveEarlier', { name: item.fileName })}
                      disabled={disabled || index === 0}
                      onClick={() => change(moveItem(items, index, index - 1))}
                    >
                      <IconArrowLeft size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('fitnessProduct.images.moveLater', { name: item.fileName })}
                      disabled={disabled || index === items.length - 1}
                      onClick={() => change(moveItem(items, index, index + 1))}
                    >
                      <IconArrowRight size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('fitnessProduct.images.remove', { name: item.fileName })}
                      disabled={disabled}
                      onClick={() => change(items.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Group>
        )}
        <Dropzone
          onDrop={() => {}}
          onDropAny={onDrop}
          accept={[...IMAGE_MIME_TYPES]}
          maxSize={MAX_IMAGE_BYTES}
          multiple
          disabled={disabled}
          role="button"
          aria-describedby={hintId}
          inputProps={{ style: { display: 'none' } }}
          aria-invalid={shownError ? true : undefined}
          style={{ borderColor: shownError ? 'var(--mantine-color-error)' : undefined }}
          py="md"
        >
          <Stack align="center" gap={4} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={28} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={28} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={28} aria-hidden />
            </Dropzone.Idle>
            <Text size="sm" ta="center">
              {items.length > 0 ? t('fitnessProduct.images.addMore') : t('fitnessProduct.images.prompt')}
            </Text>
            <Text size="xs" c="dimmed" id={hintId} ta="center" aria-hidden>
              {t('fitnessProduct.images.hint', { size: sizeText })}
            </Text>
          </Stack>
        </Dropzone>
      </Stack>
    </Input.Wrapper>
  );
}

function ImagePreview({ item }: { item: ProductImageItem }) {
  const fileUrl = useObjectUrl(item.file);
  const src = item.file ? fileUrl : cdnUrl(item.hash, { w: PREVIEW * 2, h: PREVIEW * 2, fit: 'contain' });
  return (
    <Box
      w={PREVIEW}
      h={PREVIEW}
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      {src && <Image src={src} alt={item.fileName} w="100%" h="100%" fit="contain" draggable={false} />}
    </Box>
  );
}

export type ProductImagesFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<ProductImagesInputProps, T, N, TOutput, 'onBlur'>;

/** `ProductImagesInput` bound to a form field holding the ordered list of images. */
export function ProductImagesField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: ProductImagesFieldProps<T, N, TOutput>,
) {
  const { field, controlProps } = useFieldControl(props);
  return <ProductImagesInput {...controlProps} value={field.value as ProductImageItem[] | undefined} />;
}
