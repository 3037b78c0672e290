import type { ReactNode } from 'react';
import type { Attachment } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { formatFileSize } from '@/shared/lib/files';
import { Card } from '@/shared/ui/card';

/** The supporting documents, each a download link (served with Content-Disposition: attachment). */
export function AttachmentsList({
  attachments,
  children,
}: {
  attachments: Attachment[];
  children?: ReactNode;
}) {
  return (
    <Card title="Pièces justificatives">
      {attachments.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune pièce jointe</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {attachments.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2">
              <span
                aria-hidden="true"
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded bg-slate-100 text-[10px] font-semibold uppercase text-slate-600"
              >
                {file.mime_type === 'application/pdf' ? 'PDF' : file.mime_type.slice(6, 10).toUpperCase()}
              </span>
              <a
                href={`${http.defaults.baseURL ?? '/api'}${file.url}`}
                download={file.original_name}
                className="min-w-0 flex-1 truncate text-sm font-medium text-brand-700 hover:underline"
              >
                {file.original_name}
              </a>
              <span className="shrink-0 text-xs text-slate-500">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {children}
    </Card>
  );
}
