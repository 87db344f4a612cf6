import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { type GrantXpBody, grantXpBody } from '@xp/contracts';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEmployerEmployees } from '@/features/employer-employee/api';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { useFieldControl } from '@/ui/inputs/use-form-field';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { formatXp } from '@/ui/money';
import { SubmitActions } from '@/ui/submit-actions';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useEmployerBalance, useGrantXp } from './api';
import { SearchSelect, useEmployeeOptions } from './search-select';

interface GrantXpModalProps {
  activeEmployerId: number;
  opened: boolean;
  onClose: () => void;
  /** XP was given (the list's counts changed). */
  onDone?: () => void;
}

/**
 * 'XP geven': an amount from the employer's balance to one employee (searched by name) or to every employee
 * (each the amount; asked to confirm with the number of employees and the total first).
 */
export function GrantXpModal({ activeEmployerId, opened, onClose, onDone }: GrantXpModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('xp.grant.title')}
      size={MODAL_SIZES.default}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {opened && (
        <GrantForm
          activeEmployerId={activeEmployerId}
          onCancel={onClose}
          onGranted={() => {
            onClose();
            onDone?.();
          }}
        />
      )}
    </Modal>
  );
}

type Recipient = 'one' | 'all';
const countOnly = { page: 1, pageSize: 1, direction: 'asc' as const };

function GrantForm({
  activeEmployerId,
  onCancel,
  onGranted,
}: {
  activeEmployerId: number;
  onCancel: () => void;
  onGranted: () => void;
}) {
  const { t } = useTranslation();
  const grant = useGrantXp();
  const balance = useEmployerBalance(activeEmployerId);
  const employees = useEmployerEmployees(countOnly);
  const employeeCount = employees.data?.total ?? 0;
  const [recipient, setRecipient] = useState<Recipient>('one');
  /** The all-employees grant waiting for its confirmation. */
  const [toConfirm, setToConfirm] = useState<GrantXpBody | null>(null);
  const form = useZodForm(grantXpBody, {
    defaultValues: { amountOfXp: undefined as unknown as number, userId: undefined, allEmployees: undefined },
  });
  const amount = useWatch({ control: form.control, name: 'amountOfXp' });

  const send = async (body: GrantXpBody) => {
    try {
      const result = await grant.mutateAsync({ params: { activeEmployerId }, body });
      showSuccess(
        t('xp.grant.done', {
          count: result.recipients,
          amount: formatXp(result.totalXp),
          balance: formatXp(result.balance),
        }),
      );
      onGranted();
    } catch (error) {
      setToConfirm(null);
      showSaveErrors(error, form.setError, ['amountOfXp', 'userId'], 'xp.grant.failed');
    }
  };

  const submit = form.handleSubmit((body) => {
    if (body.allEmployees) setToConfirm(body);
    else return send(body);
  });

  const choose = (value: Recipient) => {
    setRecipient(value);
    form.setValue('allEmployees', value === 'all' ? true : undefined);
    form.setValue('userId', undefined);
    form.clearErrors('userId');
  };

  if (toConfirm) {
    return (
      <Stack gap="lg">
        <Text fw={600}>{t('xp.grant.confirmTitle')}</Text>
        <Text size="sm">
          {t('xp.grant.confirmMessage', {
            count: employeeCount,
            amount: formatXp(toConfirm.amountOfXp),
            total: formatXp(toConfirm.amountOfXp * employeeCount),
          })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setToConfirm(null)} disabled={grant.isPending}>
            {t('actions.back')}
          </Button>
          <Button onClick={() => void send(toConfirm)} loading={grant.isPending} data-autofocus>
            {t('actions.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const points = typeof amount === 'number' && amount > 0 ? amount : 0;
  const total = recipient === 'all' ? points * employeeCount : points;
  const isOverBalance = balance.data !== undefined && total > balance.data.amountOfXp;

  return (
    <form onSubmit={submit} noValidate aria-label={t('xp.grant.title')}>
      <Stack gap="lg">
        {balance.data && (
          <Text size="sm" c="dimmed">
            {t('xp.grant.balance', { amount: formatXp(balance.data.amountOfXp) })}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="xp-grant-recipient">
            {t('xp.grant.recipient')}
          </Text>
          <SegmentedControl
            aria-labelledby="xp-grant-recipient"
            value={recipient}
            onChange={(value) => choose(value as Recipient)}
            data={[
              { value: 'one', label: t('xp.grant.one') },
              { value: 'all', label: t('xp.grant.all', { count: employeeCount }) },
            ]}
          />
        </Stack>
        {recipient === 'one' && <EmployeeField control={form.control} />}
        <NumberField
          control={form.control}
          name="amountOfXp"
          label={t(recipient === 'all' ? 'xp.grant.amountEach' : 'xp.grant.amount')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          required
        />
        {recipient === 'all' && points > 0 && (
          <Text size="sm">{t('xp.grant.total', { count: employeeCount, total: formatXp(total) })}</Text>
        )}
        {isOverBalance && (
          <Alert color="orange" variant="light" p="xs">
            <Text size="sm">{t('xp.errors.insufficientBalance')}</Text>
          </Alert>
        )}
        <SubmitActions submitLabel="xp.grant.submit" isSubmitting={grant.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** 'Medewerker': one of the active employer's employees, searched by name or address. */
function EmployeeField({ control }: { control: Control<GrantXpBody, unknown, GrantXpBody> }) {
  const { t } = useTranslation();
  const { field, controlProps } = useFieldControl({ name: 'userId', control, required: true });
  return (
    <SearchSelect
      {...controlProps}
      label={t('xp.grant.employee')}
      placeholder={t('xp.grant.employeePlaceholder')}
      withAsterisk
      value={field.value as number | undefined}
      onChange={(id) => field.onChange(id ?? undefined)}
      useOptions={useEmployeeOptions}
      texts={{
        hint: 'xp.grant.searchHint',
        nothingFound: 'xp.grant.nothingFound',
        failed: 'xp.grant.searchFailed',
        clear: 'xp.grant.clearEmployee',
      }}
      data-autofocus
    />
  );
}
