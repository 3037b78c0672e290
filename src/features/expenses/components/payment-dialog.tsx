import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EARLIEST_DATE, PAYMENT_METHODS } from '@contract/values/expenses';
import type { ExpenseLine, PaymentBody } from '@contract/expenses';
import { useMoneyWrite } from '@/shared/api/money-write';
import { useAccount } from '@/shared/auth/account-store';
import { Badge } from '@/shared/ui/badge';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { DateField } from '@/shared/ui/date-field';
import { formatMoney } from '@/shared/lib/format';
import { Money } from '@/shared/ui/money';
import {
  MoneyWriteActions,
  MoneyWriteDialog,
  type MoneyWriteFormProps,
} from '@/shared/ui/money-write-dialog';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TimeField } from '@/shared/ui/time-field';
import { TreasuryAccountField } from '@/shared/ui/treasury-account-fields';
import { usePayExpenseLine } from '../api/expense-lines';
import type { EntityLevel } from '@/shared/level/level-context';
import {
  assetDefaults,
  paymentDefaults,
  paymentFormSchema,
  toPaymentBody,
  type PaymentFormValues,
} from '../lib/payment-form';
import { PAYMENT_METHOD_LABELS } from '../lib/labels';
import { EXPENSE_MESSAGES } from '../lib/messages';

export type PaymentDialogProps = {
  line: ExpenseLine | null;
  /** the request's entity: the payment accounts are those it may use */
  entity: EntityLevel;
  /** the request is for the national office on an 'Actifs immobilisés' account: the payer may create the asset */
  assetAllowed: boolean;
  onClose: () => void;
};

const methodOptions = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

/**
 * Pays a line, in full or in part (SPEC.md sections 3 to 5). One Idempotency-Key per attempt: a retry
 * after a failure sends the same key, so the server never records the payment twice.
 */
export function PaymentDialog({ line, entity, assetAllowed, onClose }: PaymentDialogProps) {
  return (
    <MoneyWriteDialog
      open={line !== null}
      onOpenChange={(open) => !open && onClose()}
      title={line ? `Payer : ${line.name}` : 'Payer'}
      description={
        line
          ? `Reste à payer : ${formatMoney(line.remaining)}. Le paiement est inscrit au journal de trésorerie, une seule fois.`
          : undefined
      }
      size="lg"
    >
      {(form) =>
        line && (
          <PaymentForm key={line.id} line={line} entity={entity} assetAllowed={assetAllowed} {...form} />
        )
      }
    </MoneyWriteDialog>
  );
}

function PaymentForm({
  line,
  entity,
  assetAllowed,
  onSavingChange,
  onDone,
}: MoneyWriteFormProps & { line: ExpenseLine; entity: EntityLevel; assetAllowed: boolean }) {
  const remaining = line.remaining;
  const account = useAccount();
  const form = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema(remaining)),
    defaultValues: paymentDefaults(remaining),
  });
  const { control, register, handleSubmit, formState, setValue, getValues } = form;
  const { errors } = formState;
  const [createAsset, amount, additional] = useWatch({
    control,
    name: ['create_asset', 'amount', 'asset.additional_costs'],
  });
  const pay = usePayExpenseLine(line.id);
  const write = useMoneyWrite({
    write: pay.mutateAsync,
    success: 'Paiement enregistré.',
    fallback: (body: PaymentBody) =>
      body.fixed_asset ? EXPENSE_MESSAGES.assetSubmitFailed : EXPENSE_MESSAGES.paymentFailed,
    onSavingChange,
    onDone,
  });

  const submit = handleSubmit((values) =>
    write.submit(toPaymentBody(values, account?.id ?? null, assetAllowed && values.create_asset)),
  );

  const toNumber = (value: string | undefined) => (/^\d+$/.test((value ?? '').trim()) ? Number(value) : 0);
  const totalCost = toNumber(amount) + toNumber(additional);

  return (
    <form noValidate aria-label="Paiement" onSubmit={submit} className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm">
        <span>
          Montant : <Money amount={line.amount} className="font-semibold" />
        </span>
        <span>
          Reste à payer : <Money amount={remaining} className="font-semibold" />
        </span>
        {line.amount_validated > 0 && (
          <Badge tone="green">
            Déjà payé : <Money amount={line.amount_validated} className="ml-1" />
          </Badge>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Montant"
          required
          inputMode="numeric"
          autoComplete="off"
          suffix="F CFA"
          error={errors.amount}
          className="sm:col-span-2"
          {...register('amount')}
        />
        <DateField
          label="Date du paiement"
          required
          min={EARLIEST_DATE}
          error={errors.date}
          {...register('date')}
        />
        <TimeField label="Heure du paiement" required step={1} error={errors.time} {...register('time')} />
        <Controller
          control={control}
          name="payment_method"
          render={({ field }) => (
            <Select
              label="Méthode de paiement"
              required
              options={methodOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.payment_method}
            />
          )}
        />
        <TreasuryAccountField
          control={control}
          entity={entity}
          name="payment_account_id"
          label="Compte de paiement"
          required
        />
      </div>

      {assetAllowed && (
        <div className="space-y-4 rounded-md border border-slate-200 p-3">
          <CheckboxField
            label="Créer l’immobilisation avec ce paiement"
            {...register('create_asset', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked && !getValues('asset'))
                  setValue('asset', assetDefaults(line.name, getValues('date')));
              },
            })}
          />
          {createAsset && (
            <AssetFields register={register} errors={errors.asset} totalCost={totalCost} control={control} />
          )}
        </div>
      )}

      <MoneyWriteActions
        write={write}
        submitting={formState.isSubmitting}
        submitLabel="Payer"
        onCancel={onDone}
      />
    </form>
  );
}

type AssetErrors = FieldErrors<PaymentFormValues>['asset'];

function AssetFields({
  register,
  errors,
  totalCost,
  control,
}: {
  register: UseFormRegister<PaymentFormValues>;
  errors: AssetErrors;
  totalCost: number;
  control: Control<PaymentFormValues>;
}) {
  const depreciable = useWatch({ control, name: 'asset.depreciable' });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Immobilisation</legend>
      <TextField
        label="Nom de l'immobilisation"
        required
        error={errors?.name}
        className="sm:col-span-2"
        {...register('asset.name')}
      />
      <TextAreaField
        label="Description"
        rows={2}
        className="sm:col-span-2"
        {...register('asset.description')}
      />
      <TextField label="Référence" {...register('asset.reference')} />
      <TextField label="Marque" {...register('asset.brand')} />
      <TextField label="Modèle" {...register('asset.model')} />
      <TextField label="Fournisseur" {...register('asset.supplier')} />
      <TextField label="Numéro de facture" {...register('asset.invoice_number')} />
      <TextField label="Emplacement" {...register('asset.location')} />
      <TextField
        label="Frais accessoires"
        inputMode="numeric"
        suffix="F CFA"
        error={errors?.additional_costs}
        {...register('asset.additional_costs')}
      />
      <TextField
        label="Devise"
        required
        maxLength={3}
        error={errors?.currency}
        {...register('asset.currency')}
      />
      <DateField label="Date d'achat" error={errors?.purchase_date} {...register('asset.purchase_date')} />
      <DateField
        label="Date de mise en service"
        error={errors?.commissioning_date}
        {...register('asset.commissioning_date')}
      />
      <TextAreaField label="État" rows={2} className="sm:col-span-2" {...register('asset.condition_notes')} />
      <CheckboxField label="Bien amortissable" className="sm:col-span-2" {...register('asset.depreciable')} />
      {depreciable && (
        <>
          <TextField
            label="Durée de vie (années)"
            required
            inputMode="numeric"
            error={errors?.useful_life_years}
            {...register('asset.useful_life_years')}
          />
          <TextField
            label="Taux d'amortissement annuel"
            inputMode="decimal"
            suffix="%"
            error={errors?.annual_depreciation_rate}
            {...register('asset.annual_depreciation_rate')}
          />
        </>
      )}
      <TextField
        label="Valeur résiduelle"
        inputMode="numeric"
        suffix="F CFA"
        error={errors?.residual_value}
        {...register('asset.residual_value')}
      />
      <p className="self-end text-sm text-slate-700 sm:col-span-2">
        Prix d’achat : le montant payé · Coût total : <Money amount={totalCost} className="font-semibold" />
      </p>
    </fieldset>
  );
}
