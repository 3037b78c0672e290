import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { nameFormSchema, type NameFormValues } from '../lib/forms';

/**
 * The page of a new named thing (an activity type, an activity group): its name, the fields that
 * follow it, the server's error and 'Enregistrer'; once saved, a toast and back to the list.
 */
export function NameFormPage({
  label,
  save,
  saving,
  failure,
  success,
  listPath,
  children,
}: {
  /** the form's name, e.g. "Nouveau type d'activité" */
  label: string;
  /** sends the values; null when the Level has nothing to send them for */
  save: (values: NameFormValues) => Promise<unknown> | null;
  saving: boolean;
  /** the last refusal */
  failure: unknown;
  /** the toast once saved */
  success: string;
  /** where the page goes once saved */
  listPath: string | null;
  /** the fields after the name */
  children?: (form: UseFormReturn<NameFormValues>) => ReactNode;
}) {
  const navigate = useNavigate();
  const form = useForm<NameFormValues>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: '', description: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const sent = save(values);
      if (!sent) return;
      await sent;
      notify.success(success);
      if (listPath) navigate(listPath);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <form noValidate aria-label={label} className="space-y-4" onSubmit={submit}>
          <TextField
            label="Nom"
            required
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          {children?.(form)}
          <FormError message={failure ? errorMessage(failure) : null} />
          <div className="flex justify-end">
            <Button type="submit" loading={saving}>
              Enregistrer
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
