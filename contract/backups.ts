import { z } from 'zod';

/** Backups of the installation (decision 0044): the files of BACKUP_DIR, listed and taken by the admin. */

export const BACKUP_MESSAGES_UI = {
  notFound: 'Sauvegarde introuvable.',
  busy: 'Un autre serveur écrit une sauvegarde en ce moment : réessayez dans quelques minutes.',
  failed: (reason: string) => `La sauvegarde a échoué : ${reason}`,
} as const;

export const backupSchema = z.object({
  name: z.string(),
  created_at: z.string(),
  bytes: z.number().int(),
  /** tables in the file and their rows, when its manifest is beside it */
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  data: z.array(backupSchema),
  /** a backup is being written now */
  running: z.boolean(),
  /** how many the daily backup keeps (0: no daily backup) */
  keep: z.number().int(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupAnswerSchema = z.object({ data: backupSchema });

export const backupNameParamsSchema = z.object({
  name: z.string().regex(/^ekklesia-\d{8}-\d{6}(-\d+)?\.jsonl\.gz$/, 'Nom de sauvegarde invalide.'),
});
