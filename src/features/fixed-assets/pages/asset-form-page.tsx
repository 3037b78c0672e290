import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import type { FixedAsset, FixedAssetBody, FixedAssetOptions } from '@contract/fixed-assets';
import { errorMessage } from '@/shared/lib/errors';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { Combobox } from '@/shared/ui/combobox';
import { DateField } from '@/shared/ui/date-field';
import { FormActions, useFailure } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useAsset, useAssetOptions, useCreateAsset, useUpdateAsset } from '../api/fixed-assets';
import {
  assetFormSchema,
  assetFormValues,
  emptyAssetForm,
  toAssetBody,
  type AssetFormValues,
} from '../lib/form';

const amount = (value: string | undefined) => (/^\d+$/.test((value ?? '').trim()) ? Number(value) : 0);

/** The fixed asset form: every field of SPEC.md section 3, its rules and messages (section 5). */
function AssetForm({
  initial,
  options,
  fromPayment,
  submitLabel,
  cancelTo,
  onSubmit,
}: {
  initial: AssetFormValues;
  options: FixedAssetOptions;
  /** an asset bought by a payment keeps the paid amount as its price */
  fromPayment: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (values: AssetFormValues) => Promise<void>;
}) {
  const { failure, attempt } = useFailure();
  const { register, control, handleSubmit, formState } = useForm<AssetFormValues>({
    resolver: zodResolver(assetFormSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const [depreciable, price, extra] = useWatch({
    control,
    name: ['depreciable', 'purchase_price', 'additional_costs'],
  });

  const submit = handleSubmit((values) => attempt(() => onSubmit(values)));

  const currencies = options.currencies.map((c) =>
    c.value === 'XOF' ? { value: c.value, label: 'FCFA (XOF)' } : c,
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Immobilisation" className="mx-auto max-w-3xl space-y-4">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <TextField
          label="Nom de l'immobilisation"
          required
          className="sm:col-span-2"
          error={errors.name}
          {...register('name')}
        />
        <TextAreaField label="Description" rows={2} className="sm:col-span-2" {...register('description')} />
        <Controller
          control={control}
          name="operation_account_id"
          render={({ field }) => (
            <Combobox<string>
              className="sm:col-span-2"
              label="Compte d'immobilisation"
              options={options.operationAccounts.map((a) => ({
                value: String(a.id),
                label: `${a.code} — ${a.name}`,
              }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              clearable
              emptyText="Aucun compte d'actifs immobilisés"
              placeholder="Choisir un compte…"
              error={errors.operation_account_id}
            />
          )}
        />
        <TextField label="Référence" {...register('reference')} />
        <TextField label="Marque" {...register('brand')} />
        <TextField label="Modèle" {...register('model')} />
        <TextField label="Fournisseur" {...register('supplier')} />
        <TextField label="Numéro de facture" {...register('invoice_number')} />
        <TextField label="Emplacement" {...register('location')} />
        <TextField
          label="Prix d'achat"
          required
          inputMode="numeric"
          suffix="FCFA"
          disabled={fromPayment}
          hint={fromPayment ? 'Le montant du paiement qui l’a achetée.' : undefined}
          error={errors.purchase_price}
          {...register('purchase_price')}
        />
        <TextField
          label="Frais accessoires"
          inputMode="numeric"
          suffix="FCFA"
          error={errors.additional_costs}
          {...register('additional_costs')}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <Select
              label="Devise"
              required
              options={currencies}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.currency}
            />
          )}
        />
        <p className="self-end text-sm text-slate-700">
          Coût total : <Money amount={amount(price) + amount(extra)} className="font-semibold" />
        </p>
        <DateField label="Date d'achat" error={errors.purchase_date} {...register('purchase_date')} />
        <DateField
          label="Date de mise en service"
          error={errors.commissioning_date}
          {...register('commissioning_date')}
        />
        <TextAreaField label="État" rows={2} className="sm:col-span-2" {...register('condition_notes')} />
        <CheckboxField label="Bien amortissable" className="sm:col-span-2" {...register('depreciable')} />
        {depreciable && (
          <>
            <TextField
              label="Durée de vie (années)"
              required
              inputMode="numeric"
              error={errors.useful_life_years}
              {...register('useful_life_years')}
            />
            <TextField
              label="Taux d'amortissement annuel"
              inputMode="decimal"
              suffix="%"
              hint="Laissé vide : 100 % divisé par la durée de vie."
              error={errors.annual_depreciation_rate}
              {...register('annual_depreciation_rate')}
            />
          </>
        )}
        <TextField
          label="Valeur résiduelle"
          inputMode="numeric"
          suffix="FCFA"
          error={errors.residual_value}
          {...register('residual_value')}
        />
      </div>
      <FormActions failure={failure} saving={isSubmitting} submitLabel={submitLabel} cancelTo={cancelTo} />
    </form>
  );
}

/** 'immobilisations/nouveau': an asset of the Level bought outside a payment. */
export function AssetCreatePage() {
  const paths = useSpacePaths();
  const listPath = paths.page('fixed-assets.list') ?? paths.home;
  usePageTitle('Nouvelle immobilisation', { back: listPath });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const options = useAssetOptions(entity);
  const create = useCreateAsset();
  if (!entity) return <FormError message="Entité introuvable." />;
  if (options.isPending) return <LogoLoader />;
  if (options.isError) return <FormError message={errorMessage(options.error)} />;
  return (
    <AssetForm
      initial={emptyAssetForm(options.data.defaults)}
      options={options.data}
      fromPayment={false}
      submitLabel="Enregistrer"
      cancelTo={listPath}
      onSubmit={async (values) => {
        const asset = await create.mutateAsync(toAssetBody(values, entity));
        notify.success('Immobilisation enregistrée.');
        navigate(asset ? (paths.page('fixed-assets.detail', { assetId: asset.id }) ?? listPath) : listPath);
      }}
    />
  );
}

function EditForm({ asset, detailPath }: { asset: FixedAsset; detailPath: string }) {
  const navigate = useNavigate();
  const entity = { entityType: asset.entity_type, entityId: asset.entity_id };
  const options = useAssetOptions(entity);
  const update = useUpdateAsset(asset.id);
  if (options.isPending) return <LogoLoader />;
  if (options.isError) return <FormError message={errorMessage(options.error)} />;
  return (
    <AssetForm
      initial={assetFormValues(asset)}
      options={options.data}
      fromPayment={asset.expense_payment_id !== null}
      submitLabel="Enregistrer les modifications"
      cancelTo={detailPath}
      onSubmit={async (values) => {
        const body: FixedAssetBody = toAssetBody(values, entity);
        await update.mutateAsync(body);
        notify.success('Immobilisation modifiée.');
        navigate(detailPath);
      }}
    />
  );
}

/** 'immobilisations/:assetId/modifier' */
export function AssetEditPage() {
  const id = Number(useParams().assetId);
  const valid = Number.isInteger(id) && id > 0;
  const asset = useAsset(valid ? id : null);
  const paths = useSpacePaths();
  const listPath = paths.page('fixed-assets.list') ?? paths.home;
  const detailPath = (valid ? paths.page('fixed-assets.detail', { assetId: id }) : null) ?? listPath;
  usePageTitle(asset.data ? `Modifier ${asset.data.name}` : "Modifier l'immobilisation", {
    back: detailPath,
  });
  if (!valid) return <FormError message="Immobilisation introuvable." />;
  if (asset.isPending) return <LogoLoader />;
  if (asset.isError) return <FormError message={errorMessage(asset.error)} />;
  return <EditForm key={asset.data.id} asset={asset.data} detailPath={detailPath} />;
}
