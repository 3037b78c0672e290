import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { FormError } from '@/shared/ui/form-error';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { usePublicGivingPage, useStartGuestGift } from '../api/giving';
import { PublicLayout } from '../components/public-layout';
import { guestFormSchema, toGuestBody, type GuestFormOutput, type GuestFormValues } from '../lib/forms';
import { PAY_HINT, paymentPage } from '../lib/labels';
import { GiftTypeAndAmount, MobileMoneyPhoneField } from '../components/gift-fields';

/**
 * /donner/:code: a church's public giving page, for visitors and members without an account (the
 * poster's QR code leads here): name and phone (or 'Anonyme'), type, amount, then LigdiCash.
 */
export function PublicGivePage() {
  const { code = '' } = useParams();
  const page = usePublicGivingPage(code);
  const start = useStartGuestGift(code);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<GuestFormValues, unknown, GuestFormOutput>({
    resolver: zodResolver(guestFormSchema),
    defaultValues: { name: '', is_anonymous: false, phone: '', type: 'offering', amount: '' },
  });
  const { control, register, handleSubmit, formState, setValue } = form;
  const anonymous = useWatch({ control, name: 'is_anonymous' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await start.mutateAsync(toGuestBody(values));
      paymentPage.open(answer.payment_url);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  if (page.isPending)
    return (
      <PublicLayout title="Faire un don">
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      </PublicLayout>
    );
  if (page.isError)
    return (
      <PublicLayout title="Faire un don">
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(page.error)}
        </p>
      </PublicLayout>
    );

  const busy = formState.isSubmitting || start.isSuccess;
  return (
    <PublicLayout title={`Faire un don à ${page.data.church_name}`}>
      <FormProvider {...form}>
        <form
          onSubmit={submit}
          noValidate
          aria-label="Faire un don"
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        >
          <p className="text-sm text-slate-600">{PAY_HINT}</p>
          {!anonymous && (
            <TextField
              label="Nom et prénom"
              required
              autoComplete="name"
              {...register('name')}
              error={formState.errors.name}
            />
          )}
          <CheckboxField
            label="Anonyme"
            hint="Votre nom n’apparaît pas sur le reçu."
            {...register('is_anonymous', { onChange: () => setValue('name', '') })}
          />
          <MobileMoneyPhoneField />
          <GiftTypeAndAmount typeLabel="Type de don" />
          <FormError message={failure} />
          <Button type="submit" loading={busy} className="w-full">
            Continuer vers le paiement
          </Button>
        </form>
      </FormProvider>
      <p className="text-xs text-slate-500">
        Un reçu vérifiable (QR code) vous est remis dès que LigdiCash confirme le paiement.
      </p>
    </PublicLayout>
  );
}

export default PublicGivePage;
