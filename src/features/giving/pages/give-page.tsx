import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useGivingOptions } from '@/shared/api/online-giving';
import { errorMessage } from '@/shared/lib/errors';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormError, LoadError } from '@/shared/ui/form-error';
import { Select } from '@/shared/ui/select';
import { BlockSpinner } from '@/shared/ui/spinner';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { useStartGift } from '../api/giving';
import {
  giveFormSchema,
  targetValue,
  toMemberBody,
  type GiveFormOutput,
  type GiveFormValues,
} from '../lib/forms';
import { PAY_HINT, paymentPage } from '../lib/labels';
import { GiftTypeAndAmount, MobileMoneyPhoneField } from '../components/gift-fields';

/**
 * 'Donner' (/mes-contributions/donner): the member gives to their church or a department they belong
 * to, by mobile money or card through LigdiCash. The gift is stored, then the browser goes to the
 * payment page; it comes back to the follow-up page, where the receipt appears once confirmed.
 */
export function GivePage() {
  const paths = useSpacePaths();
  usePageTitle('Donner', { back: paths.page('contributions.mine') ?? paths.here });
  const options = useGivingOptions();
  const start = useStartGift();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<GiveFormValues, unknown, GiveFormOutput>({
    resolver: zodResolver(giveFormSchema),
    defaultValues: { target: '', type: 'offering', amount: '', phone: '', notes: '' },
  });
  const { control, register, handleSubmit, formState, reset, getValues } = form;

  // The member's church first, and their phone, once known (what they typed is kept).
  useEffect(() => {
    const data = options.data;
    if (!data?.available || getValues('target')) return;
    const first = data.entities[0];
    reset({
      ...getValues(),
      target: first ? targetValue(first.entity_type, first.entity_id) : '',
      phone: getValues('phone') || data.phone || '',
    });
  }, [options.data, reset, getValues]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await start.mutateAsync(toMemberBody(values));
      paymentPage.open(answer.payment_url);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  if (options.isPending) return <BlockSpinner />;
  if (options.isError) return <LoadError error={options.error} />;
  if (!options.data.available)
    return <EmptyState title="Don en ligne indisponible" text={options.data.reason ?? ''} />;

  const busy = formState.isSubmitting || start.isSuccess;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Donner en ligne"
        className="mx-auto max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <p className="text-sm text-slate-600">{PAY_HINT}</p>
        <Controller
          control={control}
          name="target"
          render={({ field }) => (
            <Select
              label="Je donne à"
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={options.data.entities.map((e) => ({
                value: targetValue(e.entity_type, e.entity_id),
                label: e.entity_type === 'CHURCH' ? e.name : `${e.name} (département)`,
              }))}
              error={formState.errors.target}
            />
          )}
        />
        <GiftTypeAndAmount typeLabel="Type de contribution" />
        <MobileMoneyPhoneField />
        <TextAreaField
          label="Note (facultative)"
          rows={2}
          maxLength={200}
          {...register('notes')}
          error={formState.errors.notes}
        />
        <FormError message={failure} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" loading={busy} className="w-full sm:w-auto">
            Continuer vers le paiement
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default GivePage;
