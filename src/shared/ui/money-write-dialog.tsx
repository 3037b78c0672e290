import { useState, type ReactNode } from 'react';
import type { MoneyWrite } from '@/shared/api/money-write';
import { Dialog, type DialogProps } from './dialog';
import { FormActions } from './form-actions';

/** What the form of a money-write dialog is given: tell the dialog it saves (it stays open), close it. */
export type MoneyWriteFormProps = { onSavingChange: (saving: boolean) => void; onDone: () => void };

/**
 * The dialog of a money write (a payment, a receipt, with `useMoneyWrite`): it cannot be dismissed while
 * its form saves, and draws the form only while open (a new form, a new Idempotency-Key, each time).
 */
export function MoneyWriteDialog({
  open,
  onOpenChange,
  children,
  ...dialog
}: Omit<DialogProps, 'open' | 'onOpenChange' | 'dismissible' | 'trigger' | 'children'> & {
  open: boolean;
  /** told `false` when the dialog closes (never while it saves) */
  onOpenChange: (open: boolean) => void;
  children: (form: MoneyWriteFormProps) => ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  const close = () => onOpenChange(false);
  return (
    <Dialog
      {...dialog}
      open={open}
      onOpenChange={(next) => !next && !saving && close()}
      dismissible={!saving}
    >
      {open && children({ onSavingChange: setSaving, onDone: close })}
    </Dialog>
  );
}

/**
 * The end of a money-write form: the write's refusal, 'Annuler' (when given) and the submit, which
 * spins while the form checks its fields and while the write runs.
 */
export function MoneyWriteActions({
  write,
  submitting,
  submitLabel,
  onCancel,
}: {
  write: Pick<MoneyWrite<never>, 'failure' | 'saving'>;
  /** the form's own submitting state (react-hook-form's `isSubmitting`) */
  submitting?: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  return (
    <FormActions
      failure={write.failure}
      saving={write.saving || submitting}
      submitLabel={submitLabel}
      onCancel={onCancel}
    />
  );
}
