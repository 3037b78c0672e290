import { useState } from 'react';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from '@contract/values/faithful';
import type { ImportReport, ImportRow } from '@contract/faithful';
import { errorMessage } from '@/shared/lib/errors';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { Dropzone } from '@/shared/ui/dropzone';
import { FormError } from '@/shared/ui/form-error';
import { SimpleTable, type SimpleColumn } from '@/shared/ui/simple-table';
import { notify } from '@/shared/ui/toast';
import { uploadImport, useImportFaithful } from '../api/faithful';

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

const FIELD_LABELS: Record<string, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((column) => [column.field, column.header]),
);

export const IMPORT_TEXTS = {
  title: 'Importer des fidèles',
  hint: `Fichier .csv ou .xlsx, ${IMPORT_LIMITS.maxBytes / 1024 / 1024} Mo et ${IMPORT_LIMITS.maxRows} lignes au plus`,
  badFile: 'Choisissez un fichier .csv ou .xlsx de 5 Mo au plus.',
  preview: 'Vérifier le fichier',
  confirm: (n: number) => `Importer ${n} fidèle${n > 1 ? 's' : ''}`,
  allValid: (n: number) => `Les ${n} lignes sont valides : rien n'a encore été enregistré.`,
  someInvalid: (bad: number, total: number) =>
    `${bad} ligne${bad > 1 ? 's' : ''} sur ${total} ${bad > 1 ? 'contiennent' : 'contient'} des erreurs : corrigez le fichier puis vérifiez-le de nouveau. Rien n'a été enregistré.`,
  done: (n: number) => `${n} fidèle${n > 1 ? 's' : ''} importé${n > 1 ? 's' : ''}.`,
} as const;

/** The columns of the rows without an error, in the preview. */
const VALID_COLUMNS: SimpleColumn<ImportRow>[] = [
  {
    key: 'line',
    header: 'Ligne',
    headerClassName: 'py-2',
    cellClassName: 'py-1.5 tabular-nums',
    cell: (row) => row.line,
  },
  {
    key: 'name',
    header: 'Nom',
    headerClassName: 'py-2',
    cellClassName: 'py-1.5',
    cell: (row) => `${row.firstname} ${row.lastname}`,
  },
  {
    key: 'phone',
    header: 'Téléphone',
    headerClassName: 'py-2',
    cellClassName: 'py-1.5',
    cell: (row) => row.phone ?? 'Non renseigné',
  },
  {
    key: 'number',
    header: 'Matricule',
    headerClassName: 'py-2',
    cellClassName: 'py-1.5',
    cell: (row) => row.registration_number ?? '—',
  },
];

function RowErrors({ row }: { row: ImportRow }) {
  return (
    <ul className="space-y-0.5">
      {row.errors.map((error, index) => (
        <li key={index}>
          <span className="font-medium">{FIELD_LABELS[error.field] ?? error.field}</span> : {error.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * Upload → preview (every row checked on the server, nothing written) → import of all rows in one
 * transaction. The invalid rows are listed line by line with their errors; the import stays disabled
 * while any remains.
 */
export function ImportDialog({
  churchId,
  churchName,
  open,
  onOpenChange,
}: {
  churchId: number;
  churchName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const importAll = useImportFaithful(churchId);
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [showValid, setShowValid] = useState(false);
  const file = files[0] ?? null;

  const reset = () => {
    setFiles([]);
    setReport(null);
    setFailure(null);
    setProgress(undefined);
    setShowValid(false);
  };

  const run = async (mode: 'preview' | 'import') => {
    if (!file) return;
    setBusy(mode);
    setFailure(null);
    try {
      if (mode === 'preview') {
        setReport(await uploadImport(churchId, file, 'preview', setProgress));
      } else {
        const answer = await importAll.mutateAsync({ file, onProgress: setProgress });
        notify.success(IMPORT_TEXTS.done(answer.imported));
        reset();
        onOpenChange(false);
      }
    } catch (error) {
      const refused = (error as { report?: ImportReport } | null)?.report;
      if (refused) setReport(refused);
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
      setProgress(undefined);
    }
  };

  const invalid = report?.rows.filter((row) => row.errors.length > 0) ?? [];
  const canImport = report !== null && report.invalid_rows === 0 && report.total_rows > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      dismissible={busy === null}
      size="xl"
      title={IMPORT_TEXTS.title}
      description={
        churchName
          ? `Église : ${churchName}. En-têtes de la première ligne : ${IMPORT_COLUMNS.map((c) => c.header).join(', ')} (Prénom et Nom requis).`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy !== null}>
            Annuler
          </Button>
          {canImport ? (
            <Button onClick={() => run('import')} loading={busy === 'import'}>
              {IMPORT_TEXTS.confirm(report.total_rows)}
            </Button>
          ) : (
            <Button onClick={() => run('preview')} loading={busy === 'preview'} disabled={!file}>
              {IMPORT_TEXTS.preview}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <Dropzone
          label="Fichier des fidèles"
          value={files}
          onChange={(next) => {
            setFiles(next.slice(0, 1));
            setReport(null);
            setFailure(null);
          }}
          accept={ACCEPT}
          maxFiles={1}
          maxSize={IMPORT_LIMITS.maxBytes}
          hint={IMPORT_TEXTS.hint}
          onRejected={() => setFailure(IMPORT_TEXTS.badFile)}
          progress={progress}
          disabled={busy !== null}
        />
        <FormError message={failure} />
        {report && (
          <section aria-label="Aperçu de l'import" className="space-y-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge tone="gray">{report.total_rows} lignes</Badge>
              <Badge tone="green">{report.valid_rows} valides</Badge>
              <Badge tone={report.invalid_rows > 0 ? 'red' : 'gray'}>{report.invalid_rows} en erreur</Badge>
            </div>
            <p className="text-sm text-slate-700" role="status">
              {report.invalid_rows > 0
                ? IMPORT_TEXTS.someInvalid(report.invalid_rows, report.total_rows)
                : IMPORT_TEXTS.allValid(report.total_rows)}
            </p>
            {invalid.length > 0 && (
              <div className="max-h-80 overflow-auto rounded-md border border-red-200">
                <SimpleTable
                  aria-label="Lignes en erreur"
                  className="min-w-full text-sm"
                  headClassName="sticky top-0 bg-red-50 text-left text-xs uppercase text-red-800"
                  bodyClassName="divide-y divide-red-100"
                  cellClassName="px-3 py-2"
                  rows={invalid}
                  rowKey={(row) => row.line}
                  rowTestId={(row) => `import-error-line-${row.line}`}
                  columns={[
                    {
                      key: 'line',
                      header: 'Ligne',
                      cellClassName: 'font-medium tabular-nums',
                      cell: (row) => row.line,
                    },
                    {
                      key: 'name',
                      header: 'Fidèle',
                      cell: (row) => [row.firstname, row.lastname].filter(Boolean).join(' ') || '—',
                    },
                    {
                      key: 'errors',
                      header: 'Erreurs',
                      cellClassName: 'text-red-700',
                      cell: (row) => <RowErrors row={row} />,
                    },
                  ]}
                />
              </div>
            )}
            {report.valid_rows > 0 && (
              <div>
                <Button variant="ghost" size="sm" onClick={() => setShowValid((v) => !v)}>
                  {showValid ? 'Masquer les lignes valides' : `Voir les ${report.valid_rows} lignes valides`}
                </Button>
                {showValid && (
                  <div className="mt-2 max-h-64 overflow-auto rounded-md border border-slate-200">
                    <SimpleTable
                      aria-label="Lignes valides"
                      className="min-w-full text-sm"
                      headClassName="sticky top-0 bg-slate-50 text-left text-xs uppercase text-slate-600"
                      bodyClassName="divide-y divide-slate-100"
                      cellClassName="px-3"
                      rows={report.rows.filter((row) => row.errors.length === 0).slice(0, 500)}
                      rowKey={(row) => row.line}
                      columns={VALID_COLUMNS}
                    />
                  </div>
                )}
              </div>
            )}
          </section>
        )}
      </div>
    </Dialog>
  );
}
