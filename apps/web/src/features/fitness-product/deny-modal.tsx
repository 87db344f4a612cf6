import { Text } from '@mantine/core';
import { type CommissionRow, denyVersionBody, FITNESS_PRODUCT_DENY_REASON_MAX } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { ModalForm } from '@/ui/modal-form';
import { useZodForm } from '@/ui/use-zod-form';
import { useDenyVersion } from './api';

interface DenyModalProps {
  opened: boolean;
  row: CommissionRow;
  onClose: () => void;
  /** After the confirmation closes. */
  onDenied: () => void;
}

/** Deny a version with the reason its supplier reads; the accepted version (if any) stays in the catalogue. */
export function DenyModal({ opened, row, onClose, onDenied }: DenyModalProps) {
  const { t } = useTranslation();
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t('fitnessProduct.deny.title', { name: row.name })}
      successTitle="fitnessProduct.deny.doneTitle"
      successMessage={t('fitnessProduct.deny.done', { name: row.name, supplier: row.supplierName })}
      onDone={onDenied}
    >
      <DenyForm key={`${row.versionId}-${opened}`} row={row} onCancel={onClose} />
    </ModalFlow>
  );
}

function DenyForm({ row, onCancel }: { row: CommissionRow; onCancel: () => void }) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const deny = useDenyVersion();
  const form = useZodForm(denyVersionBody, { defaultValues: { reason: '' } });
  const submit = form.handleSubmit((body) =>
    flow.save(async () => {
      try {
        await deny.mutateAsync({ params: { versionId: row.versionId }, body });
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, ['reason'], 'fitnessProduct.deny.failed');
        return false;
      }
    }),
  );
  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      label={t('fitnessProduct.deny.title', { name: row.name })}
      onCancel={onCancel}
      submitLabel="fitnessProduct.deny.submit"
    >
      <Text size="sm">
        {t(row.isChange ? 'fitnessProduct.deny.introChange' : 'fitnessProduct.deny.introNew', {
          supplier: row.supplierName,
        })}
      </Text>
      <TextareaField
        control={form.control}
        name="reason"
        label={t('fitnessProduct.deny.reason')}
        required
        minRows={4}
        maxLength={FITNESS_PRODUCT_DENY_REASON_MAX}
        data-autofocus
      />
    </ModalForm>
  );
}
