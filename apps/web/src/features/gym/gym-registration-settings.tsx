import { Box, Button, Code, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ApiError } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { cdnUrl } from '@/app/cdn';
import { useRequiredClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { ImageDropzone } from '@/ui/inputs/image-field';
import { EmptyState, ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useObjectUrl } from '@/ui/use-object-url';
import { useGym, useGymRegistrationSettings, useRemoveGymBanner, useUpdateGymRegistration } from './api';
import { signUpPath } from './gym-form';

/** Width of the banner preview, about as wide as the sign-up page shows it. */
const PREVIEW_WIDTH = 720;

const errorsOf = (error: unknown): ApiError[] => (error instanceof ApiCallError ? error.errors : []);

/** 'Inschrijving' of the gym settings: the public sign-up link and the banner of its pages. */
export function GymRegistrationSettings() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const gymId = claims.activeGymId;
  const gym = useGym(gymId);
  const settings = useGymRegistrationSettings(gymId);
  useDocumentTitle(`${t('gym.settings.registration')} · ${t('shell.productName')}`);

  if (gymId === null) return <EmptyState title="gym.dashboard.noGymTitle" message="gym.dashboard.noGym" />;
  if (gym.isPending || settings.isPending) return <LoadingState />;
  const failure = gym.error ?? settings.error;
  if (failure || !gym.data || !settings.data) {
    return (
      <ErrorState
        message={failure?.status === 404 ? 'gym.errors.notFound' : 'gym.settings.fetchFailed'}
        onRetry={
          failure?.status === 404
            ? undefined
            : () => {
                void gym.refetch();
                void settings.refetch();
              }
        }
      />
    );
  }

  return (
    <Stack gap="lg" maw={PREVIEW_WIDTH + 2 * 24}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Text size="sm">{t('gym.registration.intro')}</Text>
          <Text size="sm" fw={600} id="gym-sign-up-link">
            {t('gym.registration.link')}
          </Text>
          <Code block aria-labelledby="gym-sign-up-link">
            {`${window.location.origin}${signUpPath(gym.data.slug)}`}
          </Code>
        </Stack>
      </Paper>
      <BannerForm gymId={gymId} bannerHash={settings.data.bannerHash} />
    </Stack>
  );
}

/** The banner: its preview as wide as the sign-up page, a new one chosen and uploaded, or removed. */
function BannerForm({ gymId, bannerHash }: { gymId: number; bannerHash: string | null }) {
  const { t } = useTranslation();
  const upload = useUpdateGymRegistration();
  const remove = useRemoveGymBanner();
  const confirm = useConfirm();
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const fileUrl = useObjectUrl(file);
  const previewUrl = fileUrl ?? (bannerHash ? cdnUrl(bannerHash, { w: PREVIEW_WIDTH * 2 }) : null);

  const choose = (next: File | null) => {
    setFile(next);
    setFieldError(null);
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync({ form: { id: gymId, banner: file } });
      setFile(null);
      showSuccess('gym.registration.uploaded');
    } catch (error) {
      const onField = errorsOf(error).find((entry) => entry.key === 'banner');
      if (onField) setFieldError(onField.message);
      else showFailure(error, 'gym.registration.uploadFailed');
    }
  };

  const askRemove = () =>
    void confirm({
      title: 'gym.registration.removeTitle',
      message: 'gym.registration.removeMessage',
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: gymId } });
          showSuccess('gym.registration.removed');
        } catch (error) {
          showFailure(error, 'gym.registration.removeFailed');
        }
      },
    });

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('gym.registration.bannerTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('gym.registration.bannerHint')}
          </Text>
        </Stack>
        {previewUrl ? (
          <Box
            bd="1px solid var(--mantine-color-default-border)"
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <Image
              src={previewUrl}
              alt={file ? t('gym.registration.newBannerAlt') : t('gym.registration.bannerAlt')}
              mah={240}
              fit="cover"
            />
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {t('gym.registration.noBanner')}
          </Text>
        )}
        <ImageDropzone
          label={t('gym.fields.banner')}
          value={file}
          onChange={choose}
          currentHash={bannerHash}
          onRemoveCurrent={askRemove}
          error={fieldError ? t(fieldError) : undefined}
          disabled={upload.isPending}
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void save()}
            disabled={!file}
            loading={upload.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('gym.registration.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
