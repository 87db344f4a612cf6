import { Image, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { MODAL_SIZES } from '@/ui/modal-sizes';

interface ImagePreviewModalProps {
  /** The image to show large, with its title; null: closed. */
  image: { hash: string; name: string } | null;
  onClose: () => void;
}

/** The image preview modal of the store (spec 000 section 2): a thumbnail's image, large. */
export function ImagePreviewModal({ image, onClose }: ImagePreviewModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      title={image?.name}
      size={MODAL_SIZES.large}
      centered
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {image && (
        <Image
          src={cdnUrl(image.hash, { w: 1200, h: 1200, fit: 'contain' })}
          alt={image.name}
          fit="contain"
          mah="70vh"
        />
      )}
    </Modal>
  );
}
