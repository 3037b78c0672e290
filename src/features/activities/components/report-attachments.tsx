import { useState } from 'react';
import type { ReportAttachment } from '@contract/activities';
import { REPORT_ATTACHMENT_MAX_FILES } from '@contract/values/activities';
import { errorMessage } from '@/shared/lib/errors';
import { formatFileSize } from '@/shared/lib/files';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Dropzone } from '@/shared/ui/dropzone';
import { FormError } from '@/shared/ui/form-error';
import { toastWrite } from '@/shared/ui/toast';
import {
  attachmentHref,
  useDeleteReportAttachment,
  useReportAttachments,
  useUploadReportFiles,
} from '../api/activities';

/**
 * The photos (thumbnails) and PDF (links) of a report, printed with it; while the report may be edited,
 * a dropzone adds files and each file can be removed (decision 0028).
 */
export function ReportAttachments({ reportId, editable }: { reportId: number; editable: boolean }) {
  const query = useReportAttachments(reportId);
  const upload = useUploadReportFiles(reportId);
  const remove = useDeleteReportAttachment(reportId);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [removing, setRemoving] = useState<ReportAttachment | null>(null);
  const attachments = query.data ?? [];
  const photos = attachments.filter((file) => file.mime_type.startsWith('image/'));
  const documents = attachments.filter((file) => !file.mime_type.startsWith('image/'));
  const room = REPORT_ATTACHMENT_MAX_FILES - attachments.length;

  const send = async () => {
    if (
      await toastWrite(
        upload.mutateAsync({ files, onProgress: setProgress }),
        files.length > 1 ? 'Fichiers joints au rapport.' : 'Fichier joint au rapport.',
      )
    ) {
      setFiles([]);
    }
    setProgress(undefined);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    await toastWrite(remove.mutateAsync(removing.id), 'Pièce jointe supprimée.');
    setRemoving(null);
  };

  return (
    <Card title="Photos et documents">
      {query.isError && <FormError message={errorMessage(query.error)} />}
      {!query.isLoading && attachments.length === 0 && (
        <p className="text-sm text-slate-600">Aucune photo ni aucun document joint.</p>
      )}
      {photos.length > 0 && (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((file) => (
            <li key={file.id} className="space-y-1">
              <a href={attachmentHref(file)} download={file.original_name} className="block">
                <img
                  src={attachmentHref(file)}
                  alt={file.original_name}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md border border-slate-200 object-cover"
                />
              </a>
              <div className="flex items-center justify-between gap-1">
                <span className="truncate text-xs text-slate-600">{file.original_name}</span>
                {editable && <RemoveButton name={file.original_name} onClick={() => setRemoving(file)} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul
          aria-label="Documents PDF"
          className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {documents.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2">
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded bg-slate-100 text-[10px] font-semibold text-slate-600"
              >
                PDF
              </span>
              <a
                href={attachmentHref(file)}
                download={file.original_name}
                className="min-w-0 flex-1 truncate text-sm font-medium text-brand-700 hover:underline"
              >
                {file.original_name}
              </a>
              <span className="shrink-0 text-xs text-slate-600">{formatFileSize(file.size)}</span>
              {editable && <RemoveButton name={file.original_name} onClick={() => setRemoving(file)} />}
            </li>
          ))}
        </ul>
      )}
      {editable && room > 0 && (
        <div className="mt-4 space-y-2 print:hidden">
          <Dropzone
            label="Ajouter des photos ou des PDF"
            value={files}
            onChange={setFiles}
            progress={progress}
            maxFiles={room}
            hint={`Images ou PDF, 10 Mo maximum par fichier, ${REPORT_ATTACHMENT_MAX_FILES} fichiers par rapport (${attachments.length + files.length}/${REPORT_ATTACHMENT_MAX_FILES})`}
          />
          {files.length > 0 && (
            <div className="flex justify-end">
              <Button loading={upload.isPending} onClick={send}>
                Joindre au rapport
              </Button>
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Retirer la pièce jointe"
        message={removing ? `Retirer « ${removing.original_name} » du rapport ?` : undefined}
        confirmLabel="Retirer"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Retirer ${name}`}
      onClick={onClick}
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-red-50 hover:text-red-600 print:hidden"
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
        <path d="M8 2a1 1 0 0 0-1 1v1H4a1 1 0 0 0 0 2h12a1 1 0 1 0 0-2h-3V3a1 1 0 0 0-1-1H8Zm-3 6h10l-.7 9.1A1 1 0 0 1 13.3 18H6.7a1 1 0 0 1-1-.9L5 8Z" />
      </svg>
    </button>
  );
}
