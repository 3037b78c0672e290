import type { ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ACCOUNT_CATEGORIES } from '@contract/values/accounts';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import type { EntityLevel } from '@/shared/level/level-context';
import { errorMessage } from '@/shared/lib/errors';
import { Combobox } from './combobox';
import { DateField } from './date-field';
import { FormError } from './form-error';

type AccountFieldProps<T extends FieldValues> = {
  control: Control<T>;
  /** the form's field holding the account id (a number, null until chosen) */
  name: FieldPathByValue<T, number | null>;
  /** the entity whose treasury accounts may pay or receive (GET /operation-accounts/authorized) */
  entity: EntityLevel;
  label: string;
  required?: boolean;
  hint?: ReactNode;
};

/**
 * The treasury account of a money write (a payment, a receipt): a searchable list of the accounts the
 * entity may use; a failure to load them is said in French below the list.
 */
export function TreasuryAccountField<T extends FieldValues>({
  control,
  name,
  entity,
  label,
  required,
  hint,
}: AccountFieldProps<T>) {
  const accounts = useAuthorizedAccounts(entity, ACCOUNT_CATEGORIES.TREASURY);
  const { field, fieldState } = useController({ control, name });
  return (
    <div>
      <Combobox<number>
        label={label}
        required={required}
        options={(accounts.data ?? []).map((account) => ({ value: account.id, label: account.name }))}
        value={field.value as number | null}
        onChange={(value) => field.onChange(value)}
        onBlur={field.onBlur}
        loading={accounts.isFetching}
        emptyText="Aucun compte disponible"
        hint={hint}
        error={fieldState.error}
      />
      {accounts.isError && <FormError className="mt-2" message={errorMessage(accounts.error)} />}
    </div>
  );
}

/**
 * The treasury account and the day of a money write, side by side from 'sm' up (a payslip's payment,
 * an asset's disposal): place it in the form's two-column grid.
 */
export function TreasuryAccountDateFields<T extends FieldValues>({
  dateName,
  dateLabel,
  ...account
}: AccountFieldProps<T> & {
  /** the form's field holding the day, 'YYYY-MM-DD' */
  dateName: FieldPathByValue<T, string>;
  dateLabel: string;
}) {
  const { field, fieldState } = useController({ control: account.control, name: dateName });
  return (
    <>
      <TreasuryAccountField {...account} />
      <DateField
        label={dateLabel}
        required
        name={field.name}
        ref={field.ref}
        value={field.value as string}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={fieldState.error}
      />
    </>
  );
}
