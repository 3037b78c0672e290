import { useState } from 'react';
import { Controller, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { Combobox } from '@/shared/ui/combobox';
import type { FieldErrorValue } from '@/shared/ui/field';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useEntitySearch, useNationalOffice, type OrgKind } from '@/shared/org/entities';
import type { LineFormValues } from '../lib/expense-form';
import { DONATION_TYPE_LABELS, RECIPIENT_ENTITY_LABELS } from '../lib/labels';
import { DONATION_TYPES, RECIPIENT_ENTITY_TYPES } from '@contract/values/expenses';
import type { RecipientEntityType } from '@contract/expenses';

type LineErrors = FieldErrors<LineFormValues> | undefined;

const donationOptions = DONATION_TYPES.map((type) => ({ value: type, label: DONATION_TYPE_LABELS[type] }));
const entityTypeOptions = RECIPIENT_ENTITY_TYPES.map((type) => ({
  value: type,
  label: RECIPIENT_ENTITY_LABELS[type],
}));

/** The amount of a line as typed so far (0 until both numbers are whole). */
export function lineAmount(quantity: string, unitPrice: string): number {
  if (!/^\d+$/.test(quantity.trim()) || !/^\d+$/.test(unitPrice.trim())) return 0;
  return Number(quantity) * Number(unitPrice);
}

/**
 * The fields of one expense line: name, quantity, unit price and the donation type revealing the
 * notes and recipient blocks (SPEC.md sections 3 and 5). Works inside any react-hook-form whose
 * values hold the line at `prefix` ('' for a form that is the line, 'expenses.2.' in the add screen).
 */
export function LineFields({ prefix, errors }: { prefix: string; errors: LineErrors }) {
  const { register, control, setValue } = useFormContext();
  const name = (field: keyof LineFormValues) => `${prefix}${field}`;
  const [quantity, unitPrice, donationType, entityType] = useWatch({
    control,
    name: [name('quantity'), name('unit_price'), name('donation_type'), name('recipient_entity_type')],
  }) as [string, string, LineFormValues['donation_type'], RecipientEntityType | ''];

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Désignation"
          required
          autoComplete="off"
          error={errors?.name}
          className="sm:col-span-2"
          {...register(name('name'))}
        />
        <TextField
          label="Quantité"
          required
          inputMode="numeric"
          autoComplete="off"
          error={errors?.quantity}
          {...register(name('quantity'))}
        />
        <TextField
          label="Prix unitaire"
          required
          inputMode="numeric"
          autoComplete="off"
          suffix="F CFA"
          error={errors?.unit_price}
          {...register(name('unit_price'))}
        />
      </div>
      <p className="text-sm text-slate-600">
        Montant : <Money amount={lineAmount(quantity ?? '', unitPrice ?? '')} className="font-semibold" />
      </p>
      <Controller
        control={control}
        name={name('donation_type')}
        render={({ field }) => (
          <Select
            label="Type de dépense"
            options={donationOptions}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      {donationType && donationType !== 'none' && (
        <TextAreaField label="Notes" rows={2} error={errors?.notes} {...register(name('notes'))} />
      )}
      {(donationType === 'individual' || donationType === 'legal_entity') && (
        <CheckboxField label="Don anonyme" {...register(name('is_anonymous'))} />
      )}
      {donationType === 'individual' && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            Bénéficiaire (personne physique)
          </legend>
          <TextField
            label="Prénom"
            required
            error={errors?.recipient_first_name}
            {...register(name('recipient_first_name'))}
          />
          <TextField
            label="Nom"
            required
            error={errors?.recipient_last_name}
            {...register(name('recipient_last_name'))}
          />
          <TextField
            label="Téléphone"
            type="tel"
            error={errors?.recipient_phone}
            {...register(name('recipient_phone'))}
          />
          <TextField
            label="Adresse"
            error={errors?.recipient_address}
            {...register(name('recipient_address'))}
          />
        </fieldset>
      )}
      {donationType === 'legal_entity' && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            Bénéficiaire (personne morale)
          </legend>
          <TextField
            label="Nom de l'entreprise"
            required
            error={errors?.recipient_company_name}
            {...register(name('recipient_company_name'))}
          />
          <TextField
            label="Numéro d'immatriculation"
            error={errors?.recipient_registration_number}
            {...register(name('recipient_registration_number'))}
          />
          <TextField
            label="Numéro d'identification fiscale"
            error={errors?.recipient_tax_id}
            {...register(name('recipient_tax_id'))}
          />
          <TextField
            label="Adresse de l'entreprise"
            error={errors?.recipient_company_address}
            {...register(name('recipient_company_address'))}
          />
          <TextField
            label="Téléphone de l'entreprise"
            type="tel"
            error={errors?.recipient_company_phone}
            {...register(name('recipient_company_phone'))}
          />
          <TextField
            label="Email de l'entreprise"
            type="text"
            inputMode="email"
            error={errors?.recipient_company_email}
            {...register(name('recipient_company_email'))}
          />
        </fieldset>
      )}
      {donationType === 'system_entity' && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Bénéficiaire (entité)</legend>
          <Controller
            control={control}
            name={name('recipient_entity_type')}
            render={({ field }) => (
              <Select
                label="Type d'entité"
                required
                options={entityTypeOptions}
                value={field.value as string}
                onChange={(value) => {
                  field.onChange(value);
                  setValue(name('recipient_entity_id'), null);
                }}
                onBlur={field.onBlur}
                error={errors?.recipient_entity_type}
              />
            )}
          />
          {entityType === 'national_office' ? (
            <NationalOfficeRecipient />
          ) : entityType ? (
            <Controller
              control={control}
              name={name('recipient_entity_id')}
              render={({ field }) => (
                <RecipientEntityPicker
                  type={entityType}
                  value={field.value as number | null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors?.recipient_entity_id}
                />
              )}
            />
          ) : null}
        </fieldset>
      )}
    </div>
  );
}

function NationalOfficeRecipient() {
  const office = useNationalOffice(true);
  return (
    <div>
      <p className="mb-1 block text-sm font-medium text-slate-700">Entité</p>
      <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        {office.data?.name ?? 'Bureau National'}
      </p>
    </div>
  );
}

/** Where the recipients of a system_entity donation are searched (the national office is automatic). */
const RECIPIENT_KINDS: Record<RecipientEntityType, OrgKind | null> = {
  church: 'churches',
  section: 'sections',
  region: 'regions',
  activity_group: 'departments',
  national_office: null,
};

function RecipientEntityPicker({
  type,
  value,
  onChange,
  onBlur,
  error,
}: {
  type: RecipientEntityType;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  error?: FieldErrorValue;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const entities = useEntitySearch(RECIPIENT_KINDS[type], { search: debounced, limit: 10 });
  return (
    <Combobox<number>
      label="Entité"
      required
      options={(entities.data ?? []).map((entity) => ({ value: entity.id, label: entity.name }))}
      value={value}
      onChange={(next) => onChange(next)}
      onSearchChange={setSearch}
      onBlur={onBlur}
      loading={entities.isFetching}
      emptyText="Aucune entité trouvée"
      error={error}
    />
  );
}
