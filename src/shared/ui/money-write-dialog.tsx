import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';
import { FormError } from './form-error';

/** What the form of a money-write dialog is given: tell the dialog it saves (it stays open), close it. */
export type MoneyWriteFormProps = { onSavingChange: (saving: boolean) => void; onDone: () => void };

/**
 * The dialog of a money write (a payment, a receipt, with `useMoneyWrite`): it cannot be dismissed while
 * its form saves, and draws the form only while open (a new form, a new Idempotency-Key, each time).
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

/** The end of a money-write form: the French error of the last try, 'Annuler' (when given) and the submit. */
export function MoneyWriteActions({
  failure,
  saving,
  submitLabel,
  onCancel,
}: {
  failure: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  return (
    <>
      <FormError message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Annuler
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
