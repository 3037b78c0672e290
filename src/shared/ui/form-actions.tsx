import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/shared/lib/cn';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from './button';
import { FormError } from './form-error';
import { notify } from './toast';

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
  /** 'Annuler' goes to this page (instead of `onCancel`) */
  cancelTo?: string;
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
  cancelTo,
  cancelLabel = 'Annuler',
  cancelDisabled = saving,
}: FormButtonsProps) {
  return (
    <>
      {cancelTo !== undefined ? (
        <CancelTo to={cancelTo} disabled={cancelDisabled}>
          {cancelLabel}
        </CancelTo>
      ) : (
        onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
            {cancelLabel}
          </Button>
        )
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

/** 'Annuler' that goes back to a page (the router is only asked for it here). */
function CancelTo({ to, disabled, children }: { to: string; disabled: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" onClick={() => navigate(to)} disabled={disabled}>
      {children}
    </Button>
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

/**
 * The last refusal of a form's write, for `FormActions`: `attempt(write)` clears it, runs the write (the
 * call, then its toast and where the page goes), and if the write is refused keeps the French message
 * and shows it in a toast; it resolves whether the write went through. `onFields` sees a refusal
 * first and answers true when it put the messages on the form's fields (then the form shows no failure).
 */
export function useFailure({
  onFields,
  toast = true,
}: {
  onFields?: (error: unknown) => boolean;
  /** false: the refusal is told in the form only (a dialog's own error line) */
  toast?: boolean;
} = {}) {
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = async (write: () => Promise<unknown>): Promise<boolean> => {
    setFailure(null);
    try {
      await write();
      return true;
    } catch (error) {
      const message = errorMessage(error);
      if (!onFields?.(error)) setFailure(message);
      if (toast) notify.error(message);
      return false;
    }
  };
  return { failure, attempt };
}
