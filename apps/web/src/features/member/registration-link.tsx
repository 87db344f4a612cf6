import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceTablet } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_SIZES } from '@/ui/modal-sizes';
import { QrLink } from '@/ui/qr-link';
import { useRegistrationLink } from './api';

/** The member whose link shows: id and name. */
export interface LinkMember {
  id: number;
  fullName: string;
}

interface RegistrationLinkModalProps {
  /** The member the modal is (or was, while it closes) about. */
  member: LinkMember | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Link voor afronden' of an open registration (decision 018): the desk asks the member's link and shows it
 * with a copy button and its QR code, for the person's own phone; or opens the kiosk variant on this tablet,
 * in this tab (`url + '/kiosk'`). Loaded when first opened (`qrcode` with it).
 */
export function RegistrationLinkModal({ member, opened, onClose }: RegistrationLinkModalProps) {
  const { t } = useTranslation();
  const link = useRegistrationLink();
  const { mutate, reset } = link;
  const memberId = member?.id ?? null;
  const url = link.data?.url ?? null;

  // Asked each time the modal opens for a member: the same link until it is used.
  useEffect(() => {
    if (!opened || memberId === null) return;
    reset();
    mutate({ params: { id: memberId } });
  }, [opened, memberId, mutate, reset]);

  const retry = () => memberId !== null && mutate({ params: { id: memberId } });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('member.registrationLink.title')}
      size={MODAL_SIZES.default}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('member.registrationLink.explanation', { name: member?.fullName ?? '' })}</Text>
        {link.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('member.registrationLink.failed')}</Text>
              <Button variant="default" size="xs" onClick={retry}>
                {t('member.registrationLink.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : !url ? (
          <Group justify="center" py="xl" role="status" aria-label={t('member.registrationLink.loading')}>
            <Loader aria-hidden />
          </Group>
        ) : (
          <>
            <QrLink
              url={url}
              label="member.registrationLink.url"
              qrAlt={t('member.registrationLink.qrAlt', { name: member?.fullName ?? '' })}
              size={220}
            />
            <Text size="xs" c="dimmed">
              {t('member.registrationLink.once')}
            </Text>
          </>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('member.registrationLink.close')}
          </Button>
          {url && (
            <Button
              component="a"
              href={`${url}/kiosk`}
              leftSection={<IconDeviceTablet size={16} aria-hidden />}
            >
              {t('member.registrationLink.openKiosk')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
