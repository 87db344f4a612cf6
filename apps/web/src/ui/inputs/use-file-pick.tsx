import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFiles, type FileRejectionReason, formatFileSize } from './file-utils';

/** What `FileDrop` takes: one file chosen, checked, and reported through `onChange`. */
export interface FilePickProps {
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  accept?: readonly string[];
  /** Largest file in bytes. */
  maxSize?: number;
  onReject?: (reason: FileRejectionReason) => void;
}

/**
 * The file choosing of `FileDrop`: `take` checks a picked or dropped list (one file, type, size) and
 * passes the file on or shows why it was refused; `clear` empties the value; `wrapperProps` go on the
 * `Input.Wrapper` (label, error or refusal, asterisk); `fileInput` is the hidden `<input type="file">`.
 */
export function useFilePick({
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  disabled,
  accept,
  maxSize,
  onReject,
}: FilePickProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [rejection, setRejection] = useState<FileRejectionReason | null>(null);
  const locale = i18n.language === 'en' ? 'en-GB' : 'nl-NL';

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const reason = checkFiles(files, accept, maxSize);
    setRejection(reason);
    if (reason) onReject?.(reason);
    else onChange(files[0] ?? null);
    onBlur?.();
  };

  const clear = () => {
    setRejection(null);
    onChange(null);
    onBlur?.();
  };

  const rejectionText = rejection
    ? t(`ui.fileDrop.${rejection}`, { size: maxSize !== undefined ? formatFileSize(maxSize, locale) : '' })
    : undefined;

  const fileInput = (
    <input
      ref={inputRef}
      id={inputId}
      type="file"
      hidden
      disabled={disabled}
      accept={accept?.join(',')}
      onChange={(event) => {
        take(event.currentTarget.files);
        event.currentTarget.value = '';
      }}
    />
  );

  return {
    t,
    locale,
    inputRef,
    take,
    clear,
    fileInput,
    wrapperProps: {
      label,
      description,
      error: error ?? rejectionText,
      withAsterisk: required,
      labelProps: { htmlFor: inputId },
    },
  };
}
