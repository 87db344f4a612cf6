import { Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cdnUrl, THUMBNAIL_SIZE } from '@/app/cdn';

/** A product's first image as a list's thumbnail (a placeholder icon without one). */
export function ProductThumbnail({ imageHash }: { imageHash: string | null | undefined }) {
  return imageHash ? (
    <img
      src={cdnUrl(imageHash, { fit: 'thumbnail' })}
      alt=""
      width={THUMBNAIL_SIZE}
      height={THUMBNAIL_SIZE}
      style={{ borderRadius: 6, display: 'block', objectFit: 'cover' }}
    />
  ) : (
    <IconPhoto size={32} aria-hidden color="var(--mantine-color-gray-5)" />
  );
}

/** A product's name with its kind (`numberType`) below, as the lists show it. */
export function ProductNameCell({ name, numberType }: { name: string; numberType: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`fitnessProduct.numberType.${numberType}`)}
      </Text>
    </div>
  );
}
