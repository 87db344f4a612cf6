import { Alert, Anchor, Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
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
import { FileDrop } from '@/ui/inputs/file-drop';
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
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<VerifiedEmailRow[] | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  const verified = rows?.filter((row) => row.verified) ?? [];

  const check = async () => {
    if (!file) {
      showError('employerEmployee.errors.noFile');
      return;
    }
    setFileError(null);
    try {
      const answer = await verify.mutateAsync({ params: { activeEmployerId }, form: { file } });
      setRows(answer.rows);
    } catch (error) {
      // The reason goes on the upload field and, as the spec asks, the first message in a toast too.
      const first = errorsOf(error).find((entry) => entry.message !== 'general_error');
      setFileError(first?.message ?? null);
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

  const download = async () => {
    setDownloading(true);
    try {
      await downloadExampleExcel();
    } catch (error) {
      showFailure(error, 'employerEmployee.import.downloadFailed');
    } finally {
      setDownloading(false);
    }
  };

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
        {verified.length === 0 && (
          <Alert color="yellow" variant="light">
            {t('employerEmployee.import.nothingToSend')}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={() => setRows(null)}>
            {t('employerEmployee.import.otherFile')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <Button
              onClick={() => void send()}
              disabled={verified.length === 0}
              loading={flow.step === 'saving'}
            >
              {t('employerEmployee.import.send', { count: verified.length })}
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('employerEmployee.import.intro', { max: EXCEL_MAX_ROWS })}
      </Text>
      <FileDrop
        label={t('employerEmployee.import.file')}
        value={file}
        onChange={(next) => {
          setFile(next);
          setFileError(null);
        }}
        accept={XLSX_ACCEPT}
        maxSize={EXCEL_MAX_BYTES}
        prompt="employerEmployee.import.prompt"
        error={fileError ? translateMessage(t, fileError) : undefined}
        required
      />
      <Group gap={6}>
        <IconDownload size={16} aria-hidden />
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void download()}
          disabled={isDownloading}
        >
          {t('employerEmployee.import.example', { fileName: EXAMPLE_EXCEL_FILE_NAME })}
        </Anchor>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => void check()} loading={verify.isPending}>
          {t('employerEmployee.import.check')}
        </Button>
      </Group>
    </Stack>
  );
}
