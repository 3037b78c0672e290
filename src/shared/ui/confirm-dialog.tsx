import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { FormButtons } from './form-actions';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** a red confirm button, for deletions and cancellations */
  danger?: boolean;
  /** shows a spinner on the confirm button and keeps the dialog open; also on while `onConfirm`'s promise runs */
  loading?: boolean;
  /** the caller closes the dialog (through `onOpenChange`) when it sees fit, e.g. after the mutation settles */
  onConfirm: () => void | Promise<unknown>;
};

/** 'Are you sure?' before an action that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  danger = false,
  loading = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const busy = loading || pending;

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setPending(true);
    try {
      await result;
    } catch {
      // The caller reports its own failure (a toast); this dialog only stops spinning.
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={message}
      size="sm"
      dismissible={!busy}
      footer={
        <FormButtons
          saving={busy}
          danger={danger}
          submitLabel={confirmLabel}
          onConfirm={() => void confirm()}
          onCancel={() => onOpenChange(false)}
          cancelLabel={cancelLabel}
        />
      }
    />
  );
}
