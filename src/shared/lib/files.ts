import { ATTACHMENT_EXTENSIONS } from '@contract/values/expenses';

/**
 * Attachments accepted by the app (SPEC.md section 9): the images phones produce (JPEG, PNG, WebP, GIF,
 * HEIC/HEIF) and PDF, the server's own list (contract/values/expenses.ts, checked there by the bytes),
 * 10 MB each, 10 files at most.
 */
export const ACCEPTED_FILE_TYPES: Record<string, string[]> = Object.fromEntries(
  Object.entries(ATTACHMENT_EXTENSIONS).map(([type, extensions]) => [type, [...extensions]]),
);
export const MAX_FILE_SIZE = 10 * 1024 * 1024;
export const MAX_FILES = 10;

/** Two picks of the same file from the disk are one attachment. */
export function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

// made at first use: not while the shell's modules load (formatMoney, decision 0049)
let sizeFormat: Intl.NumberFormat | null = null;
const formatSize = (value: number) =>
  (sizeFormat ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })).format(value);

/** A file size in French units: '512 o', '12,5 Ko', '1,2 Mo'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${formatSize(bytes / 1024)} Ko`;
  return `${formatSize(bytes / (1024 * 1024))} Mo`;
}
