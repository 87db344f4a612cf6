import { Anchor, Box, Button, CopyButton, Group, Image, Loader, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './translate';
import { svgDataUrl, useQrSvg } from './use-qr-svg';

export interface QrLinkProps {
  /** The address to hand over: shown, copied, and drawn as the QR code. */
  url: string;
  /** The name of the field that shows the address (a key or text), e.g. 'Betaallink'. */
  label: string;
  /** The QR code's accessible name (a key or text). */
  qrAlt: string;
  /** Width and height of the QR code in pixels. */
  size?: number;
  /** A link under the field that opens the address in a new tab (a key or text); none without it. */
  openLabel?: string;
}

/**
 * A link to hand to someone (a pay link, the link to finish a registration): its QR code to scan with a
 * phone, the address in a read-only field (selected on focus) with 'Kopiëren', and optionally a link that
 * opens it. Only lazy screens import this: `qrcode` stays off the first screens.
 */
export function QrLink({ url, label, qrAlt, size = 180, openLabel }: QrLinkProps) {
  const { t } = useTranslation();
  const svg = useQrSvg(url);
  return (
    <Stack gap="sm">
      <Group justify="center">
        {svg ? (
          <Image
            src={svgDataUrl(svg)}
            alt={translateMessage(t, qrAlt)}
            w={size}
            h={size}
            fit="contain"
            bg="white"
          />
        ) : (
          <Box w={size} h={size} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
            <Loader aria-hidden />
          </Box>
        )}
      </Group>
      <TextInput
        label={translateMessage(t, label)}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        rightSectionWidth={124}
        rightSection={
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
                onClick={copy}
              >
                {t(copied ? 'ui.qrLink.copied' : 'ui.qrLink.copy')}
              </Button>
            )}
          </CopyButton>
        }
      />
      {openLabel && (
        <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
          <Group component="span" gap={4} wrap="nowrap">
            <IconExternalLink size={14} aria-hidden />
            {translateMessage(t, openLabel)}
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}
