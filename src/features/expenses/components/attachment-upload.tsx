import { useState } from 'react';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { Dropzone } from '@/shared/ui/dropzone';
import { FormError } from '@/shared/ui/form-error';
import { notify } from '@/shared/ui/toast';
import { useUploadAttachments } from '../api/expense-requests';
import { EXPENSE_MESSAGES } from '../lib/messages';

/**
 * Sends supporting documents to a saved request (docs/features/expenses.md): the files whose upload failed when the
 * request was created come pre-filled with the reason, and are sent again from here.
 */
export function AttachmentUpload({
  requestId,
  initialFiles = [],
  initialError = null,
}: {
  requestId: number;
  initialFiles?: File[];
  initialError?: string | null;
}) {
  const upload = useUploadAttachments(requestId);
  const [files, setFiles] = useState<File[]>(initialFiles);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(initialError);

  const send = async () => {
    setFailure(null);
    try {
      await upload.mutateAsync({ files, onProgress: setProgress });
      setFiles([]);
      notify.success(EXPENSE_MESSAGES.filesSent);
    } catch (error) {
      const message = `${EXPENSE_MESSAGES.uploadFailedPrefix}${errorMessage(error, EXPENSE_MESSAGES.unknownError)}`;
      setFailure(message);
      notify.error(message);
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      {initialFiles.length > 0 && (
        <p className="text-sm text-slate-700">
          Ces fichiers n’ont pas pu être envoyés avec la demande : envoyez-les de nouveau.
        </p>
      )}
      <Dropzone
        value={files}
        onChange={setFiles}
        label="Ajouter des pièces justificatives"
        progress={progress}
      />
      <FormError message={failure} />
      <div className="flex justify-end">
        <Button onClick={() => void send()} disabled={files.length === 0} loading={progress !== undefined}>
          Envoyer les fichiers
        </Button>
      </div>
    </div>
  );
}
