import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ExpenseLineBody } from '@contract/expenses';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { emptyLine, lineFormSchema, toLinePayload, type LineFormValues } from '../lib/expense-form';
import { LineFields } from './line-fields';

export type LineDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the line being edited; none to add one */
  initial?: LineFormValues;
  title: string;
  saving: boolean;
  error: string | null;
  onSave: (body: ExpenseLineBody) => void;
};

/** Adds a line to a request, or edits one, before approval (the fields of the add screen's blocks). */
export function LineDialog({ open, onOpenChange, initial, title, saving, error, onSave }: LineDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title={title}
      size="lg"
      dismissible={!saving}
    >
      {open && (
        <LineForm
          initial={initial ?? emptyLine()}
          saving={saving}
          error={error}
          onSave={onSave}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function LineForm({
  initial,
  saving,
  error,
  onSave,
  onCancel,
}: {
  initial: LineFormValues;
  saving: boolean;
  error: string | null;
  onSave: (body: ExpenseLineBody) => void;
  onCancel: () => void;
}) {
  const form = useForm<LineFormValues>({ resolver: zodResolver(lineFormSchema), defaultValues: initial });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Ligne de dépense"
        onSubmit={form.handleSubmit((values) => onSave(toLinePayload(values)))}
        className="space-y-4"
      >
        <LineFields prefix="" errors={form.formState.errors} />
        <FormActions failure={error} saving={saving} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
