import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAccount } from '@/shared/auth/account-store';
import { errorMessage } from '@/shared/lib/errors';
import { Card } from '@/shared/ui/card';
import { FormActions } from '@/shared/ui/form-actions';
import { TextField } from '@/shared/ui/text-field';
import { useStartPayment } from '../api/subscriptions';
import { paymentPage } from '../lib/redirect';
import { payFormDefaults, payFormSchema, type PayFormOutput, type PayFormValues } from '../lib/forms';

/**
 * Who pays (SPEC.md section 3, subscription input), prefilled from the account; 'Payer' stores the
 * attempt on the server and sends the browser to LigdiCash's payment page (card or mobile money).
 */
export function PayForm({
  subscriptionId,
  returnPath,
  onCancel,
}: {
  subscriptionId: number;
  /** the detail page's path: LigdiCash sends the payer back there */
  returnPath: string;
  onCancel: () => void;
}) {
  const account = useAccount();
  const start = useStartPayment(subscriptionId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PayFormValues, unknown, PayFormOutput>({
    resolver: zodResolver(payFormSchema),
    defaultValues: payFormDefaults(account),
  });
  const { register, handleSubmit, formState } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await start.mutateAsync({
        phone: values.phone,
        first_name: values.first_name || undefined,
        last_name: values.last_name || undefined,
        email: values.email || undefined,
        return_path: returnPath,
      });
      paymentPage.open(answer.payment_url);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  const busy = formState.isSubmitting || start.isSuccess;
  return (
    <Card
      title="Payer la souscription"
      description="Orange Money, MTN MoMo, Moov Money, Wave ou carte bancaire, sur la page sécurisée de LigdiCash."
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Payer la souscription">
        <TextField
          label="Téléphone"
          required
          type="tel"
          autoComplete="tel"
          placeholder="07 01 02 03 04"
          {...register('phone')}
          error={formState.errors.phone?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Prénom"
            autoComplete="given-name"
            {...register('first_name')}
            error={formState.errors.first_name?.message}
          />
          <TextField
            label="Nom"
            autoComplete="family-name"
            {...register('last_name')}
            error={formState.errors.last_name?.message}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <FormActions failure={failure} saving={busy} submitLabel="Payer" onCancel={onCancel} />
      </form>
    </Card>
  );
}
