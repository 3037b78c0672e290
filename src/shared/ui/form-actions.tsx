import type { ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';
import { Button } from './button';
import { FormError } from './form-error';

export type FormButtonsProps = {
  /** the submit's text (default 'Enregistrer') */
  submitLabel?: ReactNode;
  /** the write is running: the submit spins and cannot be clicked twice, 'Annuler' waits */
  saving?: boolean;
  /** the submit cannot be clicked (besides while saving) */
  disabled?: boolean;
  /** a red submit (Rejeter, Retirer...) */
  danger?: boolean;
  /** the form the submit belongs to, when the buttons stand outside it (a dialog's footer) */
  form?: string;
  /** a plain button that runs this, instead of a submit */
  onConfirm?: () => void;
  /** 'Annuler' before the submit, when given */
  onCancel?: () => void;
  /** the cancel's text (default 'Annuler') */
  cancelLabel?: ReactNode;
  /** whether 'Annuler' is disabled (default: while saving) */
  cancelDisabled?: boolean;
};

/** 'Annuler' (when there is a way back) and the submit: the buttons of a form or of a dialog's footer. */
export function FormButtons({
  submitLabel = 'Enregistrer',
  saving = false,
  disabled,
  danger = false,
  form,
  onConfirm,
  onCancel,
  cancelLabel = 'Annuler',
  cancelDisabled = saving,
}: FormButtonsProps) {
  return (
    <>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </Button>
      )}
      <Button
        type={onConfirm ? 'button' : 'submit'}
        form={form}
        variant={danger ? 'danger' : 'primary'}
        loading={saving}
        disabled={disabled}
        onClick={onConfirm}
      >
        {submitLabel}
      </Button>
    </>
  );
}

/**
 * The end of a form: the French error of the last try (when given), then 'Annuler' and the submit,
 * right-aligned, stacked on phones (the submit on top).
 */
export function FormActions({
  failure,
  className,
  ...buttons
}: FormButtonsProps & {
  /** the form's error, shown above the buttons (`undefined`: the form shows its errors elsewhere) */
  failure?: string | null;
  /** more classes for the row (a rule above it) */
  className?: string;
}) {
  return (
    <>
      {failure !== undefined && <FormError message={failure} />}
      <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
        <FormButtons {...buttons} />
      </div>
    </>
  );
}
