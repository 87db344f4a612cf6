import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCalendar, IconCheck, IconClock, IconRefresh } from '@tabler/icons-react';
import { dutchToday, OrderPaymentMethod, type ProductOrder, ProductOrderStatus } from '@xp/contracts';
import { formatMoment } from '@xp/contracts/dutch-time';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { Facts } from '@/ui/facts';
import { showFailure } from '@/ui/form-errors';
import { DateInput } from '@/ui/inputs/date-input';
import { formatDate, isoToCalendarDate } from '@/ui/inputs/date-utils';
import { formatEuro } from '@/ui/money';
import { SidePanel } from '@/ui/side-panel';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import {
  type ProductOrderSide,
  usePayProductOrder,
  useProductOrder,
  useSetProductOrderDeliveryDate,
  useSetProductOrderStatus,
} from './api';
import { OrderStatusBadge } from './status-badge';
import { PayLink } from './success-step';

interface OrderPanelProps {
  side: ProductOrderSide;
  orderId: number | undefined;
  onClose: () => void;
  /** A status changed (the list's counts moved). */
  onChanged?: () => void;
}

/**
 * One order in the side panel: product and price, customer, delivery, payment and the status history.
 * The location sees the iDEAL pay link while it is open; the supplier moves the order one step on.
 */
export function OrderPanel({ side, orderId, onClose, onChanged }: OrderPanelProps) {
  const { t } = useTranslation();
  const query = useProductOrder(side, orderId);
  const order = query.data?.id === orderId ? query.data : undefined;
  return (
    <SidePanel
      opened={orderId !== undefined}
      onClose={onClose}
      title={
        order
          ? t('productOrder.detail.title', { number: order.followNumber })
          : t('productOrder.detail.loading')
      }
      subtitle={order ? `${order.productName} · ${order.customerName}` : undefined}
      isLoading={orderId !== undefined && query.isPending}
    >
      {query.isError ? (
        <ErrorState
          message={
            query.error.status === 404 ? 'productOrder.errors.notFound' : 'productOrder.detail.fetchFailed'
          }
          onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
        />
      ) : order ? (
        <Stack gap="lg">
          {side === 'supplier' ? (
            <StatusChange order={order} onChanged={onChanged} />
          ) : (
            <LocationPayment order={order} />
          )}
          <OrderDetail order={order} side={side} />
        </Stack>
      ) : null}
    </SidePanel>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const address = (street: string, houseNumber: string, postalCode: string, city: string) =>
  `${street} ${houseNumber}, ${postalCode} ${city}`;

function OrderDetail({ order, side }: { order: ProductOrder; side: ProductOrderSide }) {
  const { t } = useTranslation();
  const none = t('productOrder.detail.none');
  return (
    <Stack gap="md">
      <Section title={t('productOrder.detail.order')}>
        <Group gap="sm" mb="sm">
          <OrderStatusBadge status={order.status} />
        </Group>
        <Facts
          rows={[
            [t('productOrder.list.product'), order.productName],
            side === 'location'
              ? [t('productOrder.detail.supplier'), order.supplierName]
              : [t('productOrder.detail.location'), order.locationName],
            [t('productOrder.detail.orderedAt'), formatMoment(order.createdAt)],
            [t('productOrder.detail.quantity'), String(order.quantity)],
            [t('productOrder.detail.unitPrice'), formatEuro(order.unitPrice)],
            [
              t('productOrder.detail.unitPriceInclVat'),
              `${formatEuro(order.unitPriceInclVat)} (${t('productOrder.detail.vat')} ${order.vatPercentage}%)`,
            ],
            [t('productOrder.detail.total'), <strong key="total">{formatEuro(order.total)}</strong>],
            order.gymCommission !== null && [
              t('productOrder.detail.gymCommission'),
              formatEuro(order.gymCommission),
            ],
            order.iFitOption !== null && [
              t('productOrder.detail.iFitOption'),
              t(`productOrder.iFitOption.${order.iFitOption}`),
            ],
            order.personalTrainerDuration !== null && [
              t('productOrder.detail.personalTrainerDuration'),
              t(`productOrder.personalTrainerDuration.${order.personalTrainerDuration}`),
            ],
          ]}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={t('productOrder.detail.customer')}>
          <Facts
            rows={[
              [t('productOrder.detail.name'), order.customerName],
              [
                t('productOrder.detail.customer'),
                order.memberId !== null
                  ? t('productOrder.detail.member')
                  : t('productOrder.detail.newCustomer'),
              ],
              [
                t('productOrder.detail.address'),
                address(order.street, order.houseNumber, order.postalCode, order.city),
              ],
              [t('productOrder.detail.email'), order.email],
              [t('productOrder.detail.phone'), order.phoneNumber ?? none],
              [t('productOrder.detail.language'), t(`productOrder.language.${order.language}`)],
            ]}
          />
        </Section>
        <Section title={t('productOrder.detail.delivery')}>
          <Facts
            rows={[
              [
                t('productOrder.detail.deliveryAddress'),
                order.deliverySameAsRegular
                  ? t('productOrder.detail.sameAsRegular')
                  : address(
                      order.deliveryStreet,
                      order.deliveryHouseNumber,
                      order.deliveryPostalCode,
                      order.deliveryCity,
                    ),
              ],
              [t('productOrder.detail.floor'), t(`productOrder.floor.${order.floor}`)],
              [t('productOrder.detail.elevator'), t(`productOrder.elevator.${order.elevatorOnLocation}`)],
              [t('productOrder.detail.particularities'), order.particularities || none],
              [
                t('productOrder.detail.deliveryDate'),
                order.deliveryDate ? formatDate(order.deliveryDate) : t('productOrder.detail.noDeliveryDate'),
              ],
            ]}
          />
        </Section>
      </SimpleGrid>
      <Section title={t('productOrder.detail.payment')}>
        <Facts
          rows={[
            [
              t('productOrder.detail.paymentFrequency'),
              t(`productOrder.paymentFrequency.${order.paymentFrequency}`),
            ],
            [t('productOrder.detail.paymentMethod'), t(`productOrder.paymentMethod.${order.paymentMethod}`)],
          ]}
        />
      </Section>
      <Section title={t('productOrder.detail.history')}>
        <Timeline active={order.events.length - 1} bulletSize={20} lineWidth={2}>
          {order.events.map((event, index) => (
            <Timeline.Item
              // Events have no id of their own; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              bullet={<IconCheck size={12} aria-hidden />}
              title={t(`productOrder.status.${event.status}`)}
            >
              <Text size="xs" c="dimmed">
                {[
                  formatMoment(event.at),
                  event.userName ? t('productOrder.detail.historyBy', { name: event.userName }) : null,
                  event.deliveryDate
                    ? t('productOrder.detail.historyDate', { date: formatDate(event.deliveryDate) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>
    </Stack>
  );
}

/** The location: an open iDEAL order's pay link (or a new one when it expired). */
function LocationPayment({ order }: { order: ProductOrder }) {
  const { t } = useTranslation();
  const pay = usePayProductOrder();
  if (order.status !== ProductOrderStatus.New || order.paymentMethod !== OrderPaymentMethod.IDeal)
    return null;
  const renew = async () => {
    try {
      await pay.mutateAsync({ params: { id: order.id } });
    } catch (error) {
      showFailure(error, 'productOrder.detail.payLinkFailed');
    }
  };
  return (
    <Section title={t('productOrder.detail.payLink')}>
      {order.checkoutUrl ? (
        <Stack gap="sm">
          <Text size="sm">{t('productOrder.detail.payLinkHelp')}</Text>
          <PayLink url={order.checkoutUrl} />
        </Stack>
      ) : (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void renew()}
          loading={pay.isPending}
        >
          {t('productOrder.detail.newPayLink')}
        </Button>
      )}
    </Section>
  );
}

/**
 * The supplier moves the order one step on (each change confirmed: the customer is mailed). Prepared moves
 * to Planned by its delivery date (today or later); a Planned order's date may change.
 */
function StatusChange({ order, onChanged }: { order: ProductOrder; onChanged?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const setStatus = useSetProductOrderStatus();
  const setDate = useSetProductOrderDeliveryDate();
  const [date, setDateValue] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const next = order.nextStatus;
  const from = t(`productOrder.status.${order.status}`);

  const failed = (error: unknown) => {
    showFailure(error, 'productOrder.change.failed');
    return false;
  };

  // Paid by hand: only an order on invoice (an iDEAL order's payment moves it), recorded (audited).
  const paidByHand = (status: number) =>
    status === ProductOrderStatus.Paid && order.paymentMethod === OrderPaymentMethod.Invoice
      ? ` ${t('productOrder.change.paidOnInvoice')}`
      : '';
  const moveOn = (status: number) =>
    void confirm({
      title: t('productOrder.change.confirmTitle', { status: t(`productOrder.status.${status}`) }),
      message:
        t('productOrder.change.confirmMessage', {
          number: order.followNumber,
          from,
          to: t(`productOrder.status.${status}`),
        }) + paidByHand(status),
      confirmLabel: t('productOrder.change.to', { status: t(`productOrder.status.${status}`) }),
      onConfirm: async () => {
        try {
          await setStatus.mutateAsync({ params: { id: order.id }, body: { status } });
        } catch (error) {
          return failed(error);
        }
        onChanged?.();
        showSuccess(
          t('productOrder.change.done', {
            number: order.followNumber,
            status: t(`productOrder.status.${status}`),
          }),
        );
        return true;
      },
    });

  const plan = () => {
    const day = isoToCalendarDate(date);
    if (!day) {
      setDateError(t('productOrder.change.dateRequired'));
      return;
    }
    if (day < dutchToday()) {
      setDateError(t('productOrder.errors.deliveryDateInPast'));
      return;
    }
    void confirm({
      title: 'productOrder.change.planConfirmTitle',
      message: t('productOrder.change.planConfirmMessage', {
        number: order.followNumber,
        date: formatDate(day),
      }),
      confirmLabel: 'productOrder.change.plan',
      onConfirm: async () => {
        try {
          await setDate.mutateAsync({ params: { id: order.id }, body: { deliveryDate: day } });
        } catch (error) {
          return failed(error);
        }
        onChanged?.();
        setDateValue(null);
        showSuccess(t('productOrder.change.planned', { number: order.followNumber, date: formatDate(day) }));
        return true;
      },
    });
  };

  const canPlan = order.status === ProductOrderStatus.Prepared || order.status === ProductOrderStatus.Planned;
  const awaitsIdeal =
    order.status === ProductOrderStatus.New && order.paymentMethod === OrderPaymentMethod.IDeal;
  const nextByButton = next !== null && next !== ProductOrderStatus.Planned && !awaitsIdeal ? next : null;

  return (
    <Section title={t('productOrder.change.title')}>
      <Stack gap="sm">
        {order.status === ProductOrderStatus.Delivered && (
          <Alert color="green" icon={<IconCheck size={18} aria-hidden />}>
            {t('productOrder.change.delivered')}
          </Alert>
        )}
        {awaitsIdeal && (
          <Alert color="blue" icon={<IconClock size={18} aria-hidden />}>
            {t('productOrder.change.waitingForPayment')}
          </Alert>
        )}
        {nextByButton !== null && (
          <Group>
            <Button onClick={() => moveOn(nextByButton)}>
              {t('productOrder.change.to', { status: t(`productOrder.status.${nextByButton}`) })}
            </Button>
          </Group>
        )}
        {canPlan && (
          <Group align="flex-end" gap="sm">
            <DateInput
              label={t('productOrder.change.deliveryDate')}
              description={t('productOrder.change.deliveryDateHelp')}
              value={date}
              onChange={(value) => {
                setDateValue(value);
                setDateError(null);
              }}
              minDate={dutchToday()}
              error={dateError}
              withAsterisk
              w={260}
              leftSection={<IconCalendar size={16} aria-hidden />}
            />
            <Button
              variant={order.status === ProductOrderStatus.Planned ? 'default' : 'filled'}
              onClick={plan}
            >
              {order.status === ProductOrderStatus.Planned
                ? t('productOrder.change.replan')
                : t('productOrder.change.plan')}
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}
