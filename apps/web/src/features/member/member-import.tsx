import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  MEMBER_IMPORT_EXAMPLE_FILE_NAME,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportOutcome,
  type MemberImportResult,
  type MemberImportRow,
} from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsOf, showFailure } from '@/ui/form-errors';
import { ImportCheckActions, ImportFileStep, useImportFile } from '@/ui/import-file';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { showError } from '@/ui/toasts';
import { translateMessage } from '@/ui/translate';
import { downloadMemberImportExample, useMemberImport } from './member-import-api';

const ACCEPT = ['.xlsx', '.csv'] as const;

const OUTCOME_COLORS: Record<MemberImportOutcome, string> = {
  valid: 'green',
  created: 'green',
  exists: 'gray',
  error: 'red',
};

interface MemberImportModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Leden importeren': choose an .xlsx or .csv file (an example file to download), check it (the
 * server's dry run: each row's outcome and the reasons of the refused ones), then import the valid rows and
 * see what became of each.
 */
export function MemberImportModal({ opened, onClose }: MemberImportModalProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const close = () => {
    if (isBusy) return;
    onClose();
    // A next opening starts with a new file.
    setKey((value) => value + 1);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('member.import.title')}
      size={MODAL_SIZES.large}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
      closeButtonProps={{ 'aria-label': t('ui.modal.close'), disabled: isBusy }}
    >
      <ImportSteps key={key} onClose={close} onBusy={setBusy} />
    </Modal>
  );
}

function ImportSteps({ onClose, onBusy }: { onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const mutation = useMemberImport();
  const picked = useImportFile();
  const [checked, setChecked] = useState<MemberImportResult | null>(null);
  const [imported, setImported] = useState<MemberImportResult | null>(null);

  const send = async (dryRun: boolean) => {
    const { file } = picked;
    if (!file) {
      showError('member.import.errors.noFile');
      picked.setError('member.import.errors.noFile');
      return;
    }
    picked.setError(null);
    onBusy(true);
    try {
      const result = await mutation.mutateAsync({ form: { file, dryRun } });
      if (dryRun) setChecked(result);
      else setImported(result);
    } catch (error) {
      // A refused file: the reason on the upload field and in a toast.
      const first = errorsOf(error).find((entry) => entry.message !== 'general_error');
      if (dryRun || first?.key === 'file') {
        setChecked(null);
        picked.setError(first?.message ?? null);
      }
      showFailure(error, dryRun ? 'member.import.checkFailed' : 'member.import.importFailed');
    } finally {
      onBusy(false);
    }
  };

  if (imported) {
    return (
      <Stack gap="lg">
        <Alert color={imported.counts.error > 0 ? 'yellow' : 'green'} variant="light" role="status">
          <Text size="sm" fw={600}>
            {t('member.import.doneTitle')}
          </Text>
          <Summary result={imported} />
        </Alert>
        <ResultTable key="imported" result={imported} label={t('member.import.resultLabel')} />
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('ui.modal.close')}</Button>
        </Group>
      </Stack>
    );
  }

  if (checked) {
    const valid = checked.counts.valid;
    return (
      <Stack gap="lg">
        <Summary result={checked} />
        <ResultTable key="checked" result={checked} label={t('member.import.tableLabel')} />
        <ImportCheckActions
          count={valid}
          nothingLabel="member.import.nothingToImport"
          otherFileLabel="member.import.otherFile"
          onOtherFile={() => setChecked(null)}
          onCancel={onClose}
          sendLabel={t('member.import.import', { count: valid })}
          onSend={() => void send(false)}
          isSending={mutation.isPending}
          lockWhileSending
        />
      </Stack>
    );
  }

  return (
    <ImportFileStep
      intro={<Text size="sm">{t('member.import.intro', { max: MEMBER_IMPORT_MAX_ROWS })}</Text>}
      label="member.import.file"
      prompt="member.import.prompt"
      accept={ACCEPT}
      maxSize={MEMBER_IMPORT_MAX_BYTES}
      file={picked}
      example={{
        label: t('member.import.example', { fileName: MEMBER_IMPORT_EXAMPLE_FILE_NAME }),
        download: downloadMemberImportExample,
        failed: 'member.import.downloadFailed',
      }}
      checkLabel="member.import.check"
      onCheck={() => void send(true)}
      isChecking={mutation.isPending}
      onCancel={onClose}
      lockCancel
    />
  );
}

/** The counts of a check or an import, in one sentence. */
function Summary({ result }: { result: MemberImportResult }) {
  const { t } = useTranslation();
  const { counts } = result;
  const parts = result.dryRun
    ? [t('member.import.counts.valid', { count: counts.valid })]
    : [t('member.import.counts.created', { count: counts.created })];
  parts.push(
    t('member.import.counts.exists', { count: counts.exists }),
    t('member.import.counts.error', { count: counts.error }),
  );
  return (
    <Text size="sm" data-testid="member-import-summary">
      {t('member.import.counts.ofRows', { count: result.rows.length })} {parts.join(' · ')}
    </Text>
  );
}

/** Each row: its number, the name and address, the outcome and, for a refused row, why (per column). */
function ResultTable({ result, label }: { result: MemberImportResult; label: string }) {
  const { t } = useTranslation();
  const [only, setOnly] = useState<'all' | 'error'>('all');
  const errorCount = result.counts.error;
  const rows = only === 'error' ? result.rows.filter((row) => row.outcome === 'error') : result.rows;
  return (
    <Stack gap="xs">
      {errorCount > 0 && (
        <SegmentedControl
          aria-label={t('member.import.filter.label')}
          size="xs"
          w="fit-content"
          value={only}
          onChange={(value) => setOnly(value as 'all' | 'error')}
          data={[
            { value: 'all', label: t('member.import.filter.all', { count: result.rows.length }) },
            { value: 'error', label: t('member.import.filter.error', { count: errorCount }) },
          ]}
        />
      )}
      <ScrollArea.Autosize mah={380} type="auto">
        <Table striped stickyHeader aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{t('member.import.row')}</Table.Th>
              <Table.Th w="38%">{t('member.fields.name')}</Table.Th>
              <Table.Th>{t('member.import.outcomeHeader')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <ImportRow key={row.row} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function ImportRow({ row }: { row: MemberImportRow }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{row.row}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.name || '—'}
        </Text>
        {row.email && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Badge color={OUTCOME_COLORS[row.outcome]} variant="light">
            {t(`member.import.outcome.${row.outcome}`)}
          </Badge>
          {row.outcome === 'exists' && (
            <Text size="xs" c="dimmed">
              {t('member.import.existsNote')}
            </Text>
          )}
          {row.errors.map((error) => (
            <Text key={`${error.column}:${error.reason}`} size="xs" c="red.8">
              {error.column ? `${t(`member.import.columns.${error.column}`)}: ` : ''}
              {translateMessage(t, error.reason)}
            </Text>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
