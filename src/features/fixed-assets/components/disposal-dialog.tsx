import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ASSET_DISPOSAL_KIND_LABELS, ASSET_DISPOSAL_KINDS } from '@contract/values/fixed-assets';
import type { FixedAsset } from '@contract/fixed-assets';
import { useMoneyWrite } from '@/shared/api/money-write';
import { Money } from '@/shared/ui/money';
import type { DialogState } from '@/shared/ui/dialog';
import {
  MoneyWriteActions,
  MoneyWriteDialog,
  type MoneyWriteFormProps,
} from '@/shared/ui/money-write-dialog';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { TreasuryAccountDateFields } from '@/shared/ui/treasury-account-fields';
import { useDisposeAsset } from '../api/fixed-assets';
import {
  disposalDefaults,
  disposalFormSchema,
  disposalPreview,
  toDisposalBody,
  type DisposalFormValues,
} from '../lib/disposal-form';

const kindOptions = ASSET_DISPOSAL_KINDS.map((kind) => ({
  value: kind,
  label: ASSET_DISPOSAL_KIND_LABELS[kind],
}));

/**
 * 'Sortir du patrimoine': a sale (cession) or a scrapping (mise au rebut) on a day, at a price; the net
 * book value that day and the gain or loss are shown before it is recorded. A price received is a
 * receipt of a treasury account, recorded once (Idempotency-Key).
 */
export function DisposalDialog({ asset, ...dialog }: DialogState & { asset: FixedAsset }) {
  return (
    <MoneyWriteDialog
      {...dialog}
      title="Sortir l'immobilisation du patrimoine"
      description="Une cession encaisse son prix au journal de trésorerie ; l'immobilisation quitte ensuite les totaux du registre et ne peut plus être modifiée."
      size="lg"
    >
      {(form) => <DisposalForm asset={asset} {...form} />}
    </MoneyWriteDialog>
  );
}

function DisposalForm({ asset, onSavingChange, onDone }: MoneyWriteFormProps & { asset: FixedAsset }) {
  const { control, register, handleSubmit, formState } = useForm<DisposalFormValues>({
    resolver: zodResolver(disposalFormSchema(asset)),
    defaultValues: disposalDefaults(),
  });
  const { errors } = formState;
  const [kind, date, price] = useWatch({ control, name: ['kind', 'date', 'price'] });
  const dispose = useDisposeAsset(asset.id);
  const write = useMoneyWrite({
    write: dispose.mutateAsync,
    success: 'Sortie de l’immobilisation enregistrée.',
    onSavingChange,
    onDone,
  });
  const preview = disposalPreview(asset, { date, price });
  const submit = handleSubmit((values) => write.submit(toDisposalBody(values)));

  return (
    <form noValidate aria-label="Sortie de l'immobilisation" onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Select
              label="Type de sortie"
              required
              options={kindOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.kind}
            />
          )}
        />
        <TextField
          label={kind === 'scrap' ? 'Prix de récupération' : 'Prix de cession'}
          required={kind === 'sale'}
          inputMode="numeric"
          autoComplete="off"
          suffix="F CFA"
          error={errors.price}
          {...register('price')}
        />
        <TreasuryAccountDateFields
          control={control}
          entity={{ entityType: asset.entity_type, entityId: asset.entity_id }}
          name="payment_account_id"
          label="Compte d'encaissement"
          hint="Le compte de trésorerie qui reçoit le prix."
          dateName="date"
          dateLabel="Date de sortie"
        />
      </div>
      {preview && (
        <dl className="grid grid-cols-2 gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm">
          <div>
            <dt className="text-slate-600">Valeur nette comptable à cette date</dt>
            <dd className="font-semibold">
              <Money amount={preview.net} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{preview.gain >= 0 ? 'Plus-value' : 'Moins-value'}</dt>
            <dd className={`font-semibold ${preview.gain < 0 ? 'text-red-700' : ''}`}>
              <Money amount={preview.gain} />
            </dd>
          </div>
        </dl>
      )}
      <MoneyWriteActions write={write} submitLabel="Enregistrer la sortie" />
    </form>
  );
}
