import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { FormError } from '@/shared/ui/form-error';
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
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" loading={saving}>
            Rejeter
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
