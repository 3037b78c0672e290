import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import type { UserDetail } from '@contract/faithful';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Combobox } from '@/shared/ui/combobox';
import { DateField } from '@/shared/ui/date-field';
import { FormActions, useFailure } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useChurchChoices, useCreateFaithful, useFaithful, useUpdateFaithful } from '../api/faithful';
import {
  emptyFaithfulForm,
  faithfulFormSchema,
  fieldErrorsOf,
  formValuesOf,
  toCreateBody,
  toUpdateBody,
  type FaithfulFormValues,
} from '../lib/form';

const GENDER_OPTIONS = [
  { value: 'F', label: 'Femme' },
  { value: 'M', label: 'Homme' },
];

export function FaithfulForm({
  initial,
  pickChurch,
  submitLabel,
  onSubmit,
  cancelTo,
}: {
  initial: FaithfulFormValues;
  pickChurch: boolean;
  submitLabel: string;
  onSubmit: (values: FaithfulFormValues) => Promise<void>;
  cancelTo: string;
}) {
  const [churchSearch, setChurchSearch] = useState('');
  const debouncedChurch = useDebouncedValue(churchSearch.trim(), 500);
  const churches = useChurchChoices(debouncedChurch, pickChurch);
  const form = useForm<FaithfulFormValues>({
    resolver: zodResolver(faithfulFormSchema({ pickChurch })),
    defaultValues: initial,
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const { errors, isSubmitting } = formState;
  // the fields the server refused carry its messages; any other refusal is the form's
  const { failure, attempt } = useFailure({
    onFields: (error) => {
      const fields = fieldErrorsOf(error);
      for (const field of fields) setError(field.field, { type: 'server', message: field.message });
      return fields.length > 0;
    },
  });
  const submit = handleSubmit((values) => attempt(() => onSubmit(values)));

  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-2xl space-y-4">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        {pickChurch && (
          <Controller
            control={control}
            name="church_id"
            render={({ field }) => (
              <Combobox<string>
                className="sm:col-span-2"
                label="Église"
                required
                options={(churches.data ?? []).map((church) => ({
                  value: String(church.id),
                  label: church.name,
                  description: church.section?.name,
                }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onSearchChange={setChurchSearch}
                loading={churches.isFetching}
                emptyText="Aucune église"
                placeholder="Rechercher une église…"
                error={errors.church_id}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        <TextField
          label="Prénom"
          required
          autoComplete="given-name"
          {...register('firstname')}
          error={errors.firstname}
        />
        <TextField
          label="Nom"
          required
          autoComplete="family-name"
          {...register('lastname')}
          error={errors.lastname}
        />
        <TextField
          label="Téléphone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+225 07 00 00 00 00"
          {...register('phone')}
          error={errors.phone}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email}
        />
        <TextField
          label="Matricule"
          hint="Laissé vide, un matricule est attribué à la création."
          {...register('registration_number')}
          error={errors.registration_number}
        />
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Select
              label="Sexe"
              options={GENDER_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              placeholder="Non renseigné"
              error={errors.gender}
              onBlur={field.onBlur}
            />
          )}
        />
        <DateField label="Date de naissance" {...register('birth_date')} error={errors.birth_date} />
        <TextAreaField
          className="sm:col-span-2"
          label="Adresse"
          rows={2}
          {...register('address')}
          error={errors.address}
        />
      </div>
      <FormActions failure={failure} saving={isSubmitting} submitLabel={submitLabel} cancelTo={cancelTo} />
    </form>
  );
}

/** 'fideles/nouveau': a faithful of the level's church (the admin picks the church). */
export function FaithfulCreatePage() {
  const paths = useSpacePaths();
  const listPath = paths.page('faithful.list') ?? paths.home;
  usePageTitle('Nouveau fidèle', { back: listPath });
  const level = useLevel();
  const navigate = useNavigate();
  const create = useCreateFaithful();
  const pickChurch = level.entityType !== 'CHURCH' || level.entityId === null;
  return (
    <FaithfulForm
      initial={emptyFaithfulForm}
      pickChurch={pickChurch}
      submitLabel="Enregistrer"
      cancelTo={listPath}
      onSubmit={async (values) => {
        const churchId = pickChurch ? Number(values.church_id) : level.entityId!;
        const created = await create.mutateAsync(toCreateBody(values, churchId));
        notify.success('Fidèle enregistré.');
        navigate(paths.page('faithful.detail', { faithfullId: created.id }) ?? listPath);
      }}
    />
  );
}

function EditForm({ user, detailPath }: { user: UserDetail; detailPath: string }) {
  const navigate = useNavigate();
  const update = useUpdateFaithful(user.id);
  return (
    <FaithfulForm
      initial={formValuesOf(user)}
      pickChurch={false}
      submitLabel="Enregistrer les modifications"
      cancelTo={detailPath}
      onSubmit={async (values) => {
        await update.mutateAsync(toUpdateBody(values));
        notify.success('Fidèle modifié.');
        navigate(detailPath);
      }}
    />
  );
}

/** 'fideles/:faithfullId/modifier' */
export function FaithfulEditPage() {
  const id = Number(useParams().faithfullId);
  const valid = Number.isInteger(id) && id > 0;
  const user = useFaithful(valid ? id : null);
  const paths = useSpacePaths();
  const listPath = paths.page('faithful.list') ?? paths.home;
  const detailPath = (valid ? paths.page('faithful.detail', { faithfullId: id }) : null) ?? listPath;
  usePageTitle(user.data ? `Modifier ${user.data.firstname} ${user.data.lastname}` : 'Modifier le fidèle', {
    back: detailPath,
  });
  if (!valid) return <FormError message="Fidèle introuvable." />;
  if (user.isPending) return <LogoLoader />;
  if (user.isError) return <FormError message={errorMessage(user.error)} />;
  return <EditForm key={user.data.id} user={user.data} detailPath={detailPath} />;
}
