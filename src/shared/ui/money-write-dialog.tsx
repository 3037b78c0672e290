import { useState, type ReactNode } from 'react';
import { Dialog, type DialogProps } from './dialog';

/** What the form of a money-write dialog is given: tell the dialog it saves (it stays open), close it. */
export type MoneyWriteFormProps = { onSavingChange: (saving: boolean) => void; onDone: () => void };

/**
 * The dialog of a money write (a payment, a receipt, with `useMoneyWrite`): it cannot be dismissed while
 * its form saves, and draws the form only while open (a new form, a new Idempotency-Key, each time).
 * The form ends with `FormActions` (./form-actions.tsx): the write's failure, 'Annuler', the submit.
 */
export function MoneyWriteDialog({
  open,
  onClose,
  children,
  ...dialog
}: Omit<DialogProps, 'open' | 'onOpenChange' | 'dismissible' | 'trigger' | 'children'> & {
  open: boolean;
  onClose: () => void;
  children: (form: MoneyWriteFormProps) => ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      {...dialog}
      open={open}
      onOpenChange={(next) => !next && !saving && onClose()}
      dismissible={!saving}
    >
      {open && children({ onSavingChange: setSaving, onDone: onClose })}
    </Dialog>
  );
}
