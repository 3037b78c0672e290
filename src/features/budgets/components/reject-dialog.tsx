import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { rejectFormSchema, type RejectFormValues } from '../lib/forms';

/** 'Rejeter le budget' with its reason, which the entity reads on its budget. */
export function RejectDialog({
  open,
  onOpenChange,
  saving,
  error,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saving: boolean;
  error: string | null;
  onReject: (reason: string) => void;
}) {
  const form = useForm<RejectFormValues>({
    resolver: zodResolver(rejectFormSchema),
    defaultValues: { reason: '' },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)} title="Rejeter le budget">
      <form
        noValidate
        aria-label="Rejet du budget"
        className="space-y-4"
        onSubmit={form.handleSubmit((v) => onReject(v.reason))}
      >
        <TextAreaField
          label="Motif du rejet"
          required
          rows={4}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <FormActions
          failure={error}
          saving={saving}
          danger
          submitLabel="Rejeter"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
