import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { type XpCorrectionBody, xpCorrectionBody } from '@xp/contracts';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { useFieldControl } from '@/ui/inputs/use-form-field';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { formatXp } from '@/ui/money';
import { SubmitActions } from '@/ui/submit-actions';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useXpCorrection } from './api';
import { SearchSelect, useEmployerOptions } from './search-select';

interface CorrectionModalProps {
  opened: boolean;
  onClose: () => void;
  /** The correction was booked (the list's counts changed). */
  onDone?: () => void;
}

type Account = 'employer' | 'person';

/**
 * 'Correctie' (admin): XP added to (positive) or taken from (negative) an employer's balance or a person's
 * wallet, with a reason; the API writes it to the audit log.
 */
export function CorrectionModal({ opened, onClose, onDone }: CorrectionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('xp.correction.title')}
      size={MODAL_SIZES.default}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {opened && (
        <CorrectionForm
          onCancel={onClose}
          onBooked={() => {
            onClose();
            onDone?.();
          }}
        />
      )}
    </Modal>
  );
}

function CorrectionForm({ onCancel, onBooked }: { onCancel: () => void; onBooked: () => void }) {
  const { t } = useTranslation();
  const correct = useXpCorrection();
  const [account, setAccount] = useState<Account>('employer');
  const form = useZodForm(xpCorrectionBody, {
    defaultValues: {
      employerId: undefined,
      userId: undefined,
      amountOfXp: undefined as unknown as number,
      reason: '',
    },
  });
  const amount = useWatch({ control: form.control, name: 'amountOfXp' });

  const choose = (value: Account) => {
    setAccount(value);
    form.setValue('employerId', undefined);
    form.setValue('userId', undefined);
    form.clearErrors(['employerId', 'userId']);
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      await correct.mutateAsync({ body });
      showSuccess(t('xp.correction.done', { amount: formatXp(body.amountOfXp, { signed: true }) }));
      onBooked();
    } catch (error) {
      showSaveErrors(
        error,
        form.setError,
        ['employerId', 'userId', 'amountOfXp', 'reason'],
        'xp.correction.failed',
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('xp.correction.title')}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('xp.correction.intro')}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="xp-correction-account">
            {t('xp.correction.account')}
          </Text>
          <SegmentedControl
            aria-labelledby="xp-correction-account"
            value={account}
            onChange={(value) => choose(value as Account)}
            data={[
              { value: 'employer', label: t('xp.correction.employer') },
              { value: 'person', label: t('xp.correction.person') },
            ]}
          />
        </Stack>
        {account === 'employer' ? (
          <EmployerField control={form.control} />
        ) : (
          <NumberField
            control={form.control}
            name="userId"
            label={t('xp.correction.userId')}
            description={t('xp.correction.userIdHint')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            required
          />
        )}
        <NumberField
          control={form.control}
          name="amountOfXp"
          label={t('xp.correction.amount')}
          description={t('xp.correction.amountHint')}
          allowDecimal={false}
          required
        />
        <TextareaField
          control={form.control}
          name="reason"
          label={t('xp.correction.reason')}
          maxLength={500}
          autosize
          minRows={2}
          required
        />
        <SubmitActions
          submitLabel={
            typeof amount === 'number' && amount !== 0
              ? t('xp.correction.submitAmount', { amount: formatXp(amount, { signed: true }) })
              : 'xp.correction.submit'
          }
          isSubmitting={correct.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** 'Werkgever': an employer, searched by name. */
function EmployerField({ control }: { control: Control<XpCorrectionBody, unknown, XpCorrectionBody> }) {
  const { t } = useTranslation();
  const { field, controlProps } = useFieldControl({ name: 'employerId', control, required: true });
  return (
    <SearchSelect
      {...controlProps}
      label={t('xp.correction.employer')}
      placeholder={t('xp.employerPick.placeholder')}
      withAsterisk
      value={field.value as number | undefined}
      onChange={(id) => field.onChange(id ?? undefined)}
      useOptions={useEmployerOptions}
      texts={{
        hint: 'xp.employerPick.hint',
        nothingFound: 'xp.employerPick.nothingFound',
        failed: 'xp.employerPick.failed',
        clear: 'xp.employerPick.clear',
      }}
      data-autofocus
    />
  );
}
