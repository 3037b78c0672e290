import type { CreateContributionBody } from '@contract/contributions';
import type { FaithfulSummary } from '@contract/faithful';
import { useFaithfulSearch } from '@/shared/api/faithful-search';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_CATEGORIES } from '@contract/values/accounts';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import { useMoneyWrite } from '@/shared/api/money-write';
import { getHttpStatus, isOffline } from '@/shared/api/http-client';
import { deleteOutboxEntry, outboxEntry } from '@/shared/offline/outbox';
import { useOnline } from '@/shared/offline/online';
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
import { searchDirectory, useFaithfulDirectory } from '../api/faithful-directory';
import { keepContribution, type KeptContribution, type KeptContributionSummary } from '../lib/outbox';
import { PERMISSION_CODES, TYPE_OPTIONS } from '../labels';
import {
  contributionDefaults,
  contributionFormSchema,
  DEFAULT_RECEIPT_ACCOUNT_CODE,
  nowParts,
  toContributionBody,
  type ContributionFormValues,
} from '../lib/contribution-form';

const faithfulLabel = (f: FaithfulSummary) =>
  `${f.firstname} ${f.lastname}${f.registration_number ? ` (${f.registration_number})` : ''}`;

/** The form's values of a receipt kept for later (its correction, `?corriger={key}`). */
function valuesOf(kept: KeptContribution, pickChurch: boolean): ContributionFormValues {
  const body = kept.request.body;
  const { date, time } = nowParts(new Date(body.occurred_at));
  return {
    ...contributionDefaults(),
    church_id: pickChurch ? String(body.entity_id) : '',
    anonymous: body.is_anonymous ?? false,
    user_id: body.user_id ?? null,
    type: body.type,
    amount: String(body.amount),
    date,
    time,
    receipt_account_id: String(body.receipt_account_id),
    payment_account_id: String(body.payment_account_id),
    notes: body.notes ?? '',
  };
}

/** What a receipt's write answers: the server's record, or its place in the outbox (no network). */
type Recorded = { created: { id: number } } | { kept: true };

/**
 * 'recettes/nouvelle': records one contribution (`useMoneyWrite`): a retry of the same content after a
 * failure resends the same Idempotency-Key, so the server never records it twice. Without network
 * (decision 0039) the receipt is kept on the device with its key and sent when the network
 * returns; so is one whose answer was lost (the server may have recorded it: the same key goes again).
 * `?corriger={key}` opens a kept receipt (refused by the server, or not sent yet) to correct it.
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
  const online = useOnline();
  const [search] = useSearchParams();
  const correcting = search.get('corriger');
  const [corrected, setCorrected] = useState<KeptContribution | null>(null);

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
  const churchId = entity?.entityType === 'CHURCH' ? entity.entityId : null;
  const members = useFaithfulSearch(debouncedMember, { enabled: !anonymous && online, churchId });
  // the church's faithful kept on the device: the search without network
  const directory = useFaithfulDirectory(anonymous ? null : churchId);
  const memberOptions = online
    ? (members.data ?? [])
    : debouncedMember
      ? searchDirectory(directory.data ?? [], debouncedMember)
      : [];
  const chosen = useRef<string>('');

  // a kept receipt to correct: its values in the form
  useEffect(() => {
    if (!correcting) return;
    let current = true;
    void outboxEntry(correcting).then((entry) => {
      if (!current || entry?.kind !== 'contribution') return;
      const kept = entry as KeptContribution;
      setCorrected(kept);
      chosen.current = kept.summary.contributor;
      setAccountTouched(true);
      form.reset(valuesOf(kept, pickChurch));
    });
    return () => {
      current = false;
    };
  }, [correcting, form, pickChurch]);
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

  const summary = useRef<KeptContributionSummary | null>(null);
  const write = useMoneyWrite({
    write: async ({ body, key }: { body: CreateContributionBody; key: string }): Promise<Recorded> => {
      const keep = async (): Promise<Recorded> => {
        if (!entity || !summary.current) throw new Error('Aucune entité.');
        await keepContribution({ key, body, entity, summary: summary.current });
        return { kept: true };
      };
      if (isOffline()) return keep();
      try {
        return { created: await create.mutateAsync({ body, key }) };
      } catch (error) {
        // no answer: the server may have recorded it; kept, it goes again with the same key (once)
        if (getHttpStatus(error) === undefined) return keep();
        throw error;
      }
    },
    success: (recorded) =>
      'kept' in recorded
        ? 'Recette gardée sur cet appareil : elle sera envoyée au retour du réseau.'
        : 'Contribution enregistrée.',
    onDone: (recorded) => {
      // the corrected receipt gives way to this one
      if (corrected) void deleteOutboxEntry(corrected);
      if ('kept' in recorded) {
        // the next receipt of the day: same type, accounts and date; the contributor, amount and notes anew
        const values = form.getValues();
        setCorrected(null);
        chosen.current = '';
        form.reset({
          ...contributionDefaults(),
          church_id: values.church_id,
          type: values.type,
          date: values.date,
          time: values.time,
          receipt_account_id: values.receipt_account_id,
          payment_account_id: values.payment_account_id,
        });
        setAccountTouched(true);
        if (correcting) navigate(paths.page('contributions.new') ?? '', { replace: true });
        return;
      }
      if (!entity) return;
      const list = paths.pageOf(
        { type: entity.entityType, target: { id: entity.entityId } },
        'contributions.list',
      );
      if (list) navigate(`${list}?recu=${recorded.created.id}`);
    },
  });
  const submit = handleSubmit((values) => {
    if (!entity) return undefined;
    const accountName = (list: { id: number; name: string }[] | undefined, id: string) =>
      list?.find((account) => String(account.id) === id)?.name ?? '';
    summary.current = {
      contributor: values.anonymous ? 'Anonyme' : chosen.current,
      receipt_account: accountName(receiptAccounts.data, values.receipt_account_id),
      payment_account: accountName(paymentAccounts.data, values.payment_account_id),
    };
    return write.submit(toContributionBody(values, entity));
  });

  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-2xl space-y-4">
      {!online && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          Hors ligne : la recette sera gardée sur cet appareil et envoyée dès le retour du réseau. Son reçu
          sera disponible une fois qu’elle aura été acceptée par le serveur.
        </p>
      )}
      {corrected?.state === 'refused' && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          Refusée par le serveur : {corrected.message}
        </p>
      )}
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
                  onChange={(value, option) => {
                    chosen.current = option?.label ?? '';
                    field.onChange(value);
                  }}
                  onBlur={field.onBlur}
                  onSearchChange={setMemberSearch}
                  loading={online && members.isFetching}
                  selectedLabel={chosen.current || undefined}
                  options={memberOptions.map((m) => ({
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
