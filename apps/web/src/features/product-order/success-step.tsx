import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { OrderPaymentMethod, type ProductOrder } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { QrLink } from '@/ui/qr-link';

// ---------------------------------------------------------------------------------------------- success

/** The pay link to hand to the customer: its QR code, the link to copy, and the pay page to open. */
export function PayLink({ url }: { url: string }) {
  return (
    <QrLink
      url={url}
      label="productOrder.detail.payLink"
      qrAlt="productOrder.detail.qrCode"
      size={160}
      openLabel="productOrder.detail.openLink"
    />
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
