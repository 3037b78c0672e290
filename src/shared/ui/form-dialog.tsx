import type { FormEventHandler, ReactNode } from 'react';
import { Dialog, type DialogProps } from './dialog';
import { FormButtons } from './form-actions';
import { FormError } from './form-error';

/**
 * A dialog around a form: the fields in its body and the refusal after them, 'Annuler' and the submit
 * in its footer (the submit names the form by `id`).
 */
export function FormDialog({
  id,
  onSubmit,
  saving,
  failure,
  submitLabel,
  onCancel,
  children,
  ...dialog
}: Omit<DialogProps, 'footer' | 'children'> & {
  /** the form's id */
  id: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** the last refusal, in French */
  failure: string | null;
  /** the submit's text (default 'Enregistrer') */
  submitLabel?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      {...dialog}
      footer={
        <FormButtons
          form={id}
          saving={saving}
          submitLabel={submitLabel}
          onCancel={onCancel}
          cancelDisabled={false}
        />
      }
    >
      <form id={id} noValidate onSubmit={onSubmit} className="space-y-4">
        {children}
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
