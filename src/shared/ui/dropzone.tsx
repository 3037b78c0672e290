import { useId, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { cn } from '@/shared/lib/cn';
import { ACCEPTED_FILE_TYPES, formatFileSize, MAX_FILE_SIZE, MAX_FILES, sameFile } from '@/shared/lib/files';

import { FieldError, errorText, type FieldErrorValue } from './field';
import { ProgressBar } from './progress-bar';

export type DropzoneProps = {
  value: File[];
  onChange: (files: File[]) => void;
  label?: ReactNode;
  /** 0–100 while the files upload; shows a progress bar */
  progress?: number;
  disabled?: boolean;
  error?: FieldErrorValue;
  className?: string;
  /** other accepted types than images and PDF (e.g. a spreadsheet import), with their limits and hint */
  accept?: Record<string, string[]>;
  maxSize?: number;
  maxFiles?: number;
  hint?: ReactNode;
  /** called with the files skipped for their type or size (attachments skip them silently) */
  onRejected?: (files: File[]) => void;
};

/**
 * Attachments: images and PDF, 10 MB each, 10 files in all. Whatever does not fit (another type, too
 * big, beyond the tenth) is skipped without a word (SPEC.md section 5), as is a file already picked.
 */
export function Dropzone({
  value,
  onChange,
  label = 'Pièces jointes',
  progress,
  disabled = false,
  error,
  className,
  accept = ACCEPTED_FILE_TYPES,
  maxSize = MAX_FILE_SIZE,
  maxFiles = MAX_FILES,
  hint,
  onRejected,
}: DropzoneProps) {
  const labelId = useId();
  const hintId = useId();
  const actionId = useId();
  const errorId = useId();
  const message = errorText(error);
  const full = value.length >= maxFiles;
  const uploading = progress !== undefined;

  const inactive = disabled || full || uploading;

  // The drop target is a plain box; the one control inside it is a real button that opens the file
  // picker (no focusable input nested in a role=button: axe 'nested-interactive').
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept,
    maxSize,
    multiple: maxFiles > 1,
    disabled: inactive,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) onRejected?.(rejected.map((rejection) => rejection.file));
      const kept = [...value];
      for (const file of accepted) {
        if (kept.length >= maxFiles) break;
        if (!kept.some((other) => sameFile(other, file))) kept.push(file);
      }
      if (kept.length !== value.length) onChange(kept);
    },
  });

  return (
    <div className={cn('w-full', className)}>
      <p id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </p>
      <div
        {...getRootProps({
          className: cn(
            'rounded-lg border-2 border-dashed text-center text-sm',
            isDragActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white',
            inactive ? 'opacity-60' : 'hover:border-brand-400',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-labelledby': labelId })} />
        <button
          type="button"
          onClick={open}
          disabled={inactive}
          aria-labelledby={labelId}
          aria-describedby={cn(actionId, hintId, message && errorId)}
          className={cn(
            'flex w-full flex-col items-center justify-center gap-1 rounded-lg px-4 py-6',
            'focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
            inactive ? 'cursor-not-allowed' : 'cursor-pointer',
          )}
        >
          <svg viewBox="0 0 24 24" className="h-8 w-8 text-slate-500" fill="none" aria-hidden="true">
            <path
              d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span id={actionId} className="font-medium text-slate-700">
            {full
              ? 'Nombre maximal de fichiers atteint'
              : isDragActive
                ? 'Déposez les fichiers ici'
                : 'Glissez vos fichiers ici ou cliquez pour les choisir'}
          </span>
          <span id={hintId} className="text-xs text-slate-600">
            {hint ?? (
              <>
                Images ou PDF, 10 Mo maximum par fichier, {MAX_FILES} fichiers au plus ({value.length}/
                {MAX_FILES})
              </>
            )}
          </span>
        </button>
      </div>
      <FieldError id={errorId} message={message} />
      {uploading && <ProgressBar value={progress} label="Envoi des fichiers" className="mt-2" />}
      {value.length > 0 && (
        <ul
          aria-label="Fichiers sélectionnés"
          className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {value.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-3 px-3 py-2"
            >
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded bg-slate-100 text-[10px] font-semibold uppercase text-slate-600"
              >
                {file.type === 'application/pdf'
                  ? 'PDF'
                  : file.type.startsWith('image/')
                    ? 'IMG'
                    : (file.name.split('.').pop() ?? '').slice(0, 4)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-800">{file.name}</p>
                <p className="text-xs text-slate-500">{formatFileSize(file.size)}</p>
              </div>
              <button
                type="button"
                disabled={uploading || disabled}
                aria-label={`Retirer ${file.name}`}
                onClick={() => onChange(value.filter((_, other) => other !== index))}
                className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-600 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                  <path d="M8 2a1 1 0 0 0-1 1v1H4a1 1 0 0 0 0 2h12a1 1 0 1 0 0-2h-3V3a1 1 0 0 0-1-1H8Zm-3 6h10l-.7 9.1A1 1 0 0 1 13.3 18H6.7a1 1 0 0 1-1-.9L5 8Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
