import { Alert, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconQrcode, IconRefresh } from '@tabler/icons-react';
import { canAlterLocation, type LocationDetail } from '@xp/contracts';
import dayjs from 'dayjs';
import { toDataURL } from 'qrcode';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useConfirm } from '@/ui/confirm-modal';
import { showError, showSuccess } from '@/ui/toasts';
import { svgDataUrl, useQrSvg } from '@/ui/use-qr-svg';
import { useIssueQrCode } from './api';

/** Print size of the PNG download, in pixels. */
const PNG_WIDTH = 1024;

function download(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * 'QR-code' of a location: the code members scan at the door (the QR holds the bare code), PNG and SVG
 * downloads for printing, and a new code for who may change the location (the old one stops working).
 */
export function LocationQrCode({ location }: { location: LocationDetail }) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const mayAlter = canAlterLocation(claims, location);
  const issue = useIssueQrCode();
  const confirm = useConfirm();
  const svg = useQrSvg(location.qrCode);
  const fileName = `qr-${location.slug}`;

  const issueNew = async () => {
    try {
      await issue.mutateAsync({ params: { id: location.id } });
      showSuccess(t('location.qr.issued'));
    } catch {
      showError('location.qr.issueFailed');
    }
  };
  const askIssue = () =>
    location.qrCode
      ? void confirm({
          title: 'location.qr.confirmTitle',
          message: t('location.qr.confirmMessage'),
          color: 'red',
          onConfirm: issueNew,
        })
      : void issueNew();

  const downloadPng = async () => {
    if (!location.qrCode) return;
    try {
      download(await toDataURL(location.qrCode, { width: PNG_WIDTH, margin: 2 }), `${fileName}.png`);
    } catch {
      showError('location.qr.downloadFailed');
    }
  };
  const downloadSvg = () => {
    if (!svg) return;
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    download(url, `${fileName}.svg`);
    URL.revokeObjectURL(url);
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={720} component="section" aria-labelledby="location-qr-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconQrcode size={20} aria-hidden />
          <Title order={3} size="h4" id="location-qr-title">
            {t('location.qr.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('location.qr.explanation')}
        </Text>
        {location.qrCode ? (
          <Group align="flex-start" gap="xl">
            <Image
              src={svg ? svgDataUrl(svg) : undefined}
              alt={t('location.qr.alt', { name: location.name })}
              w={180}
              h={180}
              fit="contain"
              bg="white"
            />
            <Stack gap="xs">
              <Text size="sm">
                {t('location.qr.code')}: <code>{location.qrCode}</code>
              </Text>
              {location.qrCodeIssuedAt && (
                <Text size="sm" c="dimmed">
                  {t('location.qr.issuedAt', {
                    date: dayjs(location.qrCodeIssuedAt).format('DD-MM-YYYY HH:mm'),
                  })}
                </Text>
              )}
              <Group gap="sm" mt="sm">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={downloadPng}
                >
                  {t('location.qr.downloadPng')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={downloadSvg}
                  disabled={!svg}
                >
                  {t('location.qr.downloadSvg')}
                </Button>
              </Group>
            </Stack>
          </Group>
        ) : (
          <Alert color="gray" variant="light">
            {t('location.qr.none')}
          </Alert>
        )}
        {mayAlter && (
          <Group>
            <Button
              variant={location.qrCode ? 'light' : 'filled'}
              color={location.qrCode ? 'red' : undefined}
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={issue.isPending}
              onClick={askIssue}
            >
              {t(location.qrCode ? 'location.qr.issueNew' : 'location.qr.issueFirst')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
