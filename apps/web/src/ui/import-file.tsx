import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from './form-errors';
import { FileDrop } from './inputs/file-drop';
import { translateMessage } from './translate';

/**
 * The two steps every file import of the back office has (the employer's employees from Excel, a gym's
 * members): choose a file and have the server check it, then see its rows and send the good ones. What the
 * rows are and how they are shown stays with the import; these are the parts that look and act alike. Text
 * props take a translation key or a text that is already translated.
 */

export interface ImportFile {
  file: File | null;
  /** Why the server (or the step itself) refused the file: a translation key or text, shown on the field. */
  error: string | null;
  setError: (error: string | null) => void;
  /** Another file: the refusal of the previous one no longer holds. */
  choose: (file: File | null) => void;
}

/** The file of an import's first step and its refusal; kept by the import, which sends the file. */
export function useImportFile(): ImportFile {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (next: File | null) => {
    setFile(next);
    setError(null);
  };
  return { file, error, setError, choose };
}

export interface ImportFileStepProps {
  /** The explanation above the drop area (its own look). */
  intro: ReactNode;
  /** The drop area: its label and prompt (translation keys or texts), the file types and the largest size. */
  label: string;
  prompt: string;
  accept: readonly string[];
  maxSize: number;
  /** The chosen file and why it was refused, from `useImportFile`. */
  file: ImportFile;
  /** The link to the example file: its text, the download and the key of its failure toast. */
  example: { label: string; download: () => Promise<void>; failed: string };
  checkLabel: string;
  onCheck: () => void;
  isChecking: boolean;
  onCancel: () => void;
  /** Cancel is not offered while the check runs (the import's modal cannot close then either). */
  lockCancel?: boolean;
}

/** Step one: the file (drop or choose), the example file to download, cancel and check. */
export function ImportFileStep({
  intro,
  label,
  prompt,
  accept,
  maxSize,
  file,
  example,
  checkLabel,
  onCheck,
  isChecking,
  onCancel,
  lockCancel = false,
}: ImportFileStepProps) {
  const { t } = useTranslation();
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await example.download();
    } catch (failure) {
      showFailure(failure, example.failed);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="lg">
      {intro}
      <FileDrop
        label={translateMessage(t, label)}
        value={file.file}
        onChange={file.choose}
        accept={accept}
        maxSize={maxSize}
        prompt={prompt}
        error={file.error ? translateMessage(t, file.error) : undefined}
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
          {translateMessage(t, example.label)}
        </Anchor>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={lockCancel && isChecking}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={onCheck} loading={isChecking}>
          {translateMessage(t, checkLabel)}
        </Button>
      </Group>
    </Stack>
  );
}

export interface ImportCheckActionsProps {
  /** How many rows can be sent; none gives the warning `nothingLabel` and a disabled send button. */
  count: number;
  nothingLabel: string;
  otherFileLabel: string;
  onOtherFile: () => void;
  onCancel: () => void;
  sendLabel: string;
  onSend: () => void;
  isSending: boolean;
  /** Another file and cancel are not offered while the rows are sent. */
  lockWhileSending?: boolean;
}

/** Below the checked rows: a warning when none can be sent, then another file, cancel and send. */
export function ImportCheckActions({
  count,
  nothingLabel,
  otherFileLabel,
  onOtherFile,
  onCancel,
  sendLabel,
  onSend,
  isSending,
  lockWhileSending = false,
}: ImportCheckActionsProps) {
  const { t } = useTranslation();
  const locked = lockWhileSending && isSending;
  return (
    <>
      {count === 0 && (
        <Alert color="yellow" variant="light">
          {translateMessage(t, nothingLabel)}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" onClick={onOtherFile} disabled={locked}>
          {translateMessage(t, otherFileLabel)}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={locked}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={onSend} disabled={count === 0} loading={isSending}>
            {translateMessage(t, sendLabel)}
          </Button>
        </Group>
      </Group>
    </>
  );
}
