import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import {
  EXAMPLE_EXCEL_FILE_NAME,
  EXCEL_MAX_BYTES,
  EXCEL_MAX_ROWS,
  type InviteMultipleEmployeesResult,
  type VerifiedEmailRow,
} from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsOf, showFailure } from '@/ui/form-errors';
import { ImportCheckActions, ImportFileStep, useImportFile } from '@/ui/import-file';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { showError } from '@/ui/toasts';
import { translateMessage } from '@/ui/translate';
import { downloadExampleExcel, useInviteMultipleEmployees, useVerifyEmailExcel } from './api';

const XLSX_ACCEPT = ['.xlsx'] as const;

interface ExcelImportModalProps {
  activeEmployerId: number;
  opened: boolean;
  onClose: () => void;
  /** The invitations were sent (the list's counts changed). */
  onSent?: (() => void) | undefined;
}

/**
 * 'Importeren uit Excel' (spec 000 section 2): upload a file, see which addresses can be invited, send the
 * invitations to those, then how many were sent.
 */
export function ExcelImportModal({ activeEmployerId, opened, onClose, onSent }: ExcelImportModalProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<InviteMultipleEmployeesResult | null>(null);
  const skipped = result?.skipped.length ?? 0;
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      size="large"
      title={t('employerEmployee.import.title')}
      successTitle="employerEmployee.import.successTitle"
      successMessage={[
        t('employerEmployee.import.success', { count: result?.invited ?? 0 }),
        skipped > 0 ? t('employerEmployee.import.skipped', { count: skipped }) : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <ImportSteps
        activeEmployerId={activeEmployerId}
        onSent={(sent) => {
          setResult(sent);
          onSent?.();
        }}
        onCancel={onClose}
      />
    </ModalFlow>
  );
}

interface ImportStepsProps {
  activeEmployerId: number;
  onSent: (result: InviteMultipleEmployeesResult) => void;
  onCancel: () => void;
}

function ImportSteps({ activeEmployerId, onSent, onCancel }: ImportStepsProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const verify = useVerifyEmailExcel();
  const inviteMultiple = useInviteMultipleEmployees();
  const picked = useImportFile();
  const [rows, setRows] = useState<VerifiedEmailRow[] | null>(null);
  const verified = rows?.filter((row) => row.verified) ?? [];

  const check = async () => {
    const { file } = picked;
    if (!file) {
      showError('employerEmployee.errors.noFile');
      return;
    }
    picked.setError(null);
    try {
      const answer = await verify.mutateAsync({ params: { activeEmployerId }, form: { file } });
      setRows(answer.rows);
    } catch (error) {
      // The reason goes on the upload field and, as the spec asks, the first message in a toast too.
      const first = errorsOf(error).find((entry) => entry.message !== 'general_error');
      picked.setError(first?.message ?? null);
      showFailure(error, 'employerEmployee.import.verifyFailed');
    }
  };

  const send = () =>
    flow.save(async () => {
      try {
        onSent(
          await inviteMultiple.mutateAsync({
            params: { activeEmployerId },
            body: { emails: verified.map((row) => row.email) },
          }),
        );
        return true;
      } catch (error) {
        showFailure(error, 'employerEmployee.import.sendFailed');
        return false;
      }
    });

  if (rows) {
    return (
      <Stack gap="lg">
        <Text size="sm">
          {t('employerEmployee.import.verifiedSummary', { count: verified.length, total: rows.length })}
        </Text>
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped stickyHeader aria-label={t('employerEmployee.import.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="45%">{t('employerEmployee.fields.email')}</Table.Th>
                <Table.Th>{t('employerEmployee.import.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // Rows may repeat an address (marked as duplicate), so the index keeps them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows never reorder
                <Table.Tr key={index}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge color={row.verified ? 'green' : 'red'} variant="light" style={{ flexShrink: 0 }}>
                        {t(
                          row.verified
                            ? 'employerEmployee.import.verified'
                            : 'employerEmployee.import.notVerified',
                        )}
                      </Badge>
                      {row.reason && (
                        <Text size="xs" c="dimmed">
                          {translateMessage(t, row.reason)}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <ImportCheckActions
          count={verified.length}
          nothingLabel="employerEmployee.import.nothingToSend"
          otherFileLabel="employerEmployee.import.otherFile"
          onOtherFile={() => setRows(null)}
          onCancel={onCancel}
          sendLabel={t('employerEmployee.import.send', { count: verified.length })}
          onSend={() => void send()}
          isSending={flow.step === 'saving'}
        />
      </Stack>
    );
  }

  return (
    <ImportFileStep
      intro={
        <Text size="sm" c="dimmed">
          {t('employerEmployee.import.intro', { max: EXCEL_MAX_ROWS })}
        </Text>
      }
      label="employerEmployee.import.file"
      prompt="employerEmployee.import.prompt"
      accept={XLSX_ACCEPT}
      maxSize={EXCEL_MAX_BYTES}
      file={picked}
      example={{
        label: t('employerEmployee.import.example', { fileName: EXAMPLE_EXCEL_FILE_NAME }),
        download: downloadExampleExcel,
        failed: 'employerEmployee.import.downloadFailed',
      }}
      checkLabel="employerEmployee.import.check"
      onCheck={() => void check()}
      isChecking={verify.isPending}
      onCancel={onCancel}
    />
  );
}
