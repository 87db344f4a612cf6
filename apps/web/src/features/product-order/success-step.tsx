import {
  Alert,
  Anchor,
  Box,
  Button,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { OrderPaymentMethod, type ProductOrder } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { svgDataUrl, useQrSvg } from '@/ui/use-qr-svg';

// ---------------------------------------------------------------------------------------------- success

/** The pay link to hand to the customer: the link, copy, open, and its QR code. */
export function PayLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const svg = useQrSvg(url);
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {svg ? (
        <Image src={svgDataUrl(svg)} alt={t('productOrder.detail.qrCode')} w={160} h={160} />
      ) : (
        <Box w={160} h={160} />
      )}
      <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
        <Anchor href={url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Anchor>
        <Group gap="xs">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? t('productOrder.detail.copied') : t('productOrder.detail.copyLink')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Group>
  );
}

/** Step 6: the follow number and, for iDEAL, the pay link with its QR code. */
export function SuccessStep({
  order,
  onOpen,
  onAnother,
  onClose,
}: {
  order: ProductOrder;
  onOpen: () => void;
  onAnother: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isIdeal = order.paymentMethod === OrderPaymentMethod.IDeal;
  return (
    <Stack gap="md">
      <Alert
        color="green"
        icon={<IconCheck size={18} aria-hidden />}
        title={t('productOrder.wizard.success.title')}
      >
        {t('productOrder.wizard.success.message', {
          number: order.followNumber,
          supplier: order.supplierName,
        })}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          {t('productOrder.wizard.success.followNumber')}
        </Text>
        <Text fz={28} fw={700} ff="monospace">
          {order.followNumber}
        </Text>
      </Paper>
      {isIdeal ? (
        <Paper withBorder p="md" radius="md">
          <Title order={3} fz="md" mb={4}>
            {t('productOrder.wizard.success.payTitle')}
          </Title>
          {order.checkoutUrl ? (
            <Stack gap="sm">
              <Text size="sm">{t('productOrder.wizard.success.payMessage')}</Text>
              <PayLink url={order.checkoutUrl} />
            </Stack>
          ) : (
            <Text size="sm">{t('productOrder.wizard.success.noPayLink')}</Text>
          )}
        </Paper>
      ) : (
        <Text size="sm">{t('productOrder.wizard.success.invoiceMessage')}</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAnother}>
          {t('productOrder.wizard.success.another')}
        </Button>
        <Button variant="default" onClick={onOpen}>
          {t('productOrder.wizard.success.open')}
        </Button>
        <Button onClick={onClose}>{t('productOrder.wizard.close')}</Button>
      </Group>
    </Stack>
  );
}
