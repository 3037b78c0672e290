import type { CreateContributionBody } from '@contract/contributions';
import type { FaithfulSummary } from '@contract/faithful';
import { useFaithfulSearch } from '@/shared/api/faithful-search';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { ACCOUNT_CATEGORIES } from '@contract/values/accounts';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import { useMoneyWrite } from '@/shared/api/money-write';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { levelEntity, useLevel, useLevelChoice } from '@/shared/level/level-context';
import { permissionEntity } from '@/shared/level/wire';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { Combobox } from '@/shared/ui/combobox';
import { DateField } from '@/shared/ui/date-field';
import { FormActions } from '@/shared/ui/form-actions';
import { MoneyField } from '@/shared/ui/money-field';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TimeField } from '@/shared/ui/time-field';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { useCreateContribution } from '../api/contributions';
import { PERMISSION_CODES, TYPE_OPTIONS } from '../labels';
import {
  contributionDefaults,
  contributionFormSchema,
  DEFAULT_RECEIPT_ACCOUNT_CODE,
  toContributionBody,
  type ContributionFormValues,
} from '../lib/contribution-form';

const faithfulLabel = (f: FaithfulSummary) =>
  `${f.firstname} ${f.lastname}${f.registration_number ? ` (${f.registration_number})` : ''}`;

/**
 * 'recettes/nouvelle': records one contribution (`useMoneyWrite`): a retry of the same content after a
 * failure resends the same Idempotency-Key, so the server never records it twice.
 */
export function ContributionCreatePage() {
  const paths = useSpacePaths();
  const entity = levelEntity(useLevel());
  // The accountant chooses one of their churches (the space keeps it in ?church=).
  const choice = useLevelChoice();
  const pickChurch = choice !== null;
  // Back to the list of the Level, else the place above (the accountant's home); after recording,
  // the receipt opens over the list of the entity it was recorded for.
  const back = paths.page('contributions.list') ?? paths.here;
  usePageTitle('Nouvelle recette', { back });
  const navigate = useNavigate();
  const create = useCreateContribution();

  const form = useForm<ContributionFormValues>({
    resolver: zodResolver(contributionFormSchema({ pickChurch })),
    defaultValues: {
      ...contributionDefaults(),
      church_id: pickChurch && entity ? String(entity.entityId) : '',
    },
  });
  const { control, register, handleSubmit, formState, setValue } = form;
  const { errors, isSubmitting } = formState;
  const [anonymous, type] = useWatch({ control, name: ['anonymous', 'type'] });

  const permissions = usePermissions(
    [PERMISSION_CODES.CREATE, PERMISSION_CODES.CREATE_ANONYMOUS],
    permissionEntity(entity),
  );
  const canAnonymous = permissions.has(PERMISSION_CODES.CREATE_ANONYMOUS);

  const [memberSearch, setMemberSearch] = useState('');
  const debouncedMember = useDebouncedValue(memberSearch.trim(), 500);
  const members = useFaithfulSearch(debouncedMember, {
    enabled: !anonymous,
    churchId: entity?.entityType === 'CHURCH' ? entity.entityId : null,
  });
  const receiptAccounts = useAuthorizedAccounts(entity, ACCOUNT_CATEGORIES.RECEIPT);
  const paymentAccounts = useAuthorizedAccounts(entity, ACCOUNT_CATEGORIES.TREASURY);

  // The usual receipt account of the chosen type, until the user picks one.
  const [accountTouched, setAccountTouched] = useState(false);
  useEffect(() => {
    if (accountTouched || !receiptAccounts.data) return;
    const code = DEFAULT_RECEIPT_ACCOUNT_CODE[type as keyof typeof DEFAULT_RECEIPT_ACCOUNT_CODE];
    const match = receiptAccounts.data.find((account) => account.code === code);
    setValue('receipt_account_id', match ? String(match.id) : '');
  }, [type, receiptAccounts.data, accountTouched, setValue]);

  const write = useMoneyWrite({
    write: (request: { body: CreateContributionBody; key: string }) => create.mutateAsync(request),
    success: 'Contribution enregistrée.',
    onDone: (created) => {
      if (!entity) return;
      const list = paths.pageOf(
        { type: entity.entityType, target: { id: entity.entityId } },
        'contributions.list',
      );
      if (list) navigate(`${list}?recu=${created.id}`);
    },
  });
  const submit = handleSubmit((values) =>
    entity ? write.submit(toContributionBody(values, entity)) : undefined,
  );

  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-2xl space-y-4">
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        {pickChurch && (
          <Controller
            control={control}
            name="church_id"
            render={({ field }) => (
              <Select
                label="Église"
                required
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  choice?.choose(Number(value));
                  setValue('payment_account_id', '');
                  setAccountTouched(false);
                }}
                onBlur={field.onBlur}
                placeholder="Choisir une église"
                options={(choice?.options ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                error={errors.church_id}
              />
            )}
          />
        )}

        <div className="space-y-2">
          {!anonymous && (
            <Controller
              control={control}
              name="user_id"
              render={({ field }) => (
                <Combobox<number>
                  label="Fidèle"
                  required
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  onSearchChange={setMemberSearch}
                  loading={members.isFetching}
                  options={(members.data ?? []).map((m) => ({
                    value: m.id,
                    label: faithfulLabel(m),
                    description: m.phone ?? undefined,
                  }))}
                  emptyText="Aucun fidèle trouvé"
                  placeholder="Nom, matricule ou téléphone…"
                  error={errors.user_id}
                />
              )}
            />
          )}
          {canAnonymous && (
            <CheckboxField
              label="Anonyme"
              hint="Le nom du contributeur n’apparaît ni sur le reçu ni dans les listes."
              {...register('anonymous', {
                onChange: () => setValue('user_id', null),
              })}
            />
          )}
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                label="Type de contribution"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={TYPE_OPTIONS}
                error={errors.type}
              />
            )}
          />
          <MoneyField label="Montant" required {...register('amount')} error={errors.amount} />
          <DateField label="Date" required {...register('date')} error={errors.date} />
          <TimeField label="Heure" required {...register('time')} error={errors.time} />
          <Controller
            control={control}
            name="receipt_account_id"
            render={({ field }) => (
              <Select
                label="Compte de recette"
                required
                value={field.value}
                onChange={(value) => {
                  setAccountTouched(true);
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
                disabled={!entity}
                placeholder={
                  receiptAccounts.data?.length === 0 ? 'Aucun compte disponible' : 'Choisir un compte'
                }
                options={(receiptAccounts.data ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.code} - ${a.name}`,
                }))}
                error={errors.receipt_account_id}
              />
            )}
          />
          <Controller
            control={control}
            name="payment_account_id"
            render={({ field }) => (
              <Select
                label="Compte de paiement"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={!entity}
                placeholder={
                  paymentAccounts.data?.length === 0
                    ? 'Aucun compte disponible'
                    : 'Caisse, banque ou mobile money'
                }
                options={(paymentAccounts.data ?? []).map((a) => ({
                  value: String(a.id),
                  label: a.journal_type ? `${a.name} (${JOURNAL_TYPE_LABELS[a.journal_type]})` : a.name,
                }))}
                error={errors.payment_account_id}
              />
            )}
          />
        </div>
        <TextAreaField label="Notes" rows={3} {...register('notes')} error={errors.notes} />
      </div>
      <FormActions
        failure={write.failure}
        saving={isSubmitting}
        disabled={!entity && !pickChurch}
        onCancel={() => back && navigate(back)}
        cancelDisabled={false}
      />
    </form>
  );
}

export default ContributionCreatePage;
