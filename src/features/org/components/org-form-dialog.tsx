import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions, useFailure } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useCreateOrg, useUpdateOrg, type CreateOrgBody } from '../api/org-writes';
import { ORG_KINDS, type OrgEntity, type OrgKind } from '../kinds';
import {
  orgFormDefaults,
  orgFormSchema,
  PARENT_KIND,
  PARENT_REQUIRED,
  toCreateBody,
  toUpdateBody,
  type OrgFormInput,
  type OrgFormValues,
} from '../lib/org-form';
import { ParentPicker } from './parent-picker';

/** Where a new entity goes: under the Level's entity (`fixed`), or under one the user picks. */
export type ParentChoice = { fixed: number } | { pick: true; filter?: Record<string, number> };

export type OrgFormDialogProps = {
  kind: OrgKind;
  open: boolean;
  onClose: () => void;
  /** null: create; an entity: edit it (its parent does not change here; a church moves apart) */
  entity: OrgEntity | null;
  parent?: ParentChoice;
  onSaved?: (entity: OrgEntity) => void;
};

const NEW_TITLE: Record<OrgKind, string> = {
  'national-offices': 'Nouveau bureau national',
  regions: 'Nouvelle région',
  sections: 'Nouvelle section',
  churches: 'Nouvelle église',
};

const CREATED: Record<OrgKind, string> = {
  'national-offices': 'Bureau national créé.',
  regions: 'Région créée.',
  sections: 'Section créée.',
  churches: 'Église créée.',
};

/** Create or edit a national office, a region, a section or a church (name, parent, contact). */
export function OrgFormDialog(props: OrgFormDialogProps) {
  const [saving, setSaving] = useState(false);
  const { kind, open, onClose, entity } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !saving && onClose()}
      title={entity ? `Modifier : ${entity.name}` : NEW_TITLE[kind]}
      size="md"
      dismissible={!saving}
    >
      {open && <OrgForm key={entity?.id ?? 'new'} {...props} onSavingChange={setSaving} />}
    </Dialog>
  );
}

function OrgForm({
  kind,
  onClose,
  entity,
  parent,
  onSaved,
  onSavingChange,
}: OrgFormDialogProps & { onSavingChange: (saving: boolean) => void }) {
  const parentKind = PARENT_KIND[kind];
  const pickParent = !entity && parentKind !== null && parent !== undefined && 'pick' in parent;
  const form = useForm<OrgFormInput, unknown, OrgFormValues>({
    resolver: zodResolver(orgFormSchema(kind, { pickParent })),
    defaultValues: orgFormDefaults(entity),
  });
  const { register, handleSubmit, formState, control } = form;
  const { errors } = formState;
  const create = useCreateOrg(kind);
  const update = useUpdateOrg(kind);
  const { failure, attempt } = useFailure();
  const [parentName, setParentName] = useState<string | undefined>(undefined);

  const submit = handleSubmit(async (values) => {
    onSavingChange(true);
    await attempt(async () => {
      const saved = entity
        ? await update.mutateAsync({ id: entity.id, body: toUpdateBody(values) })
        : await create.mutateAsync(
            toCreateBody(
              kind,
              values,
              parent && 'fixed' in parent ? parent.fixed : values.parent_id,
            ) as CreateOrgBody,
          );
      notify.success(entity ? 'Modifications enregistrées.' : CREATED[kind]);
      onSaved?.(saved);
      onClose();
    });
    onSavingChange(false);
  });

  return (
    <form
      noValidate
      aria-label={entity ? 'Modifier' : NEW_TITLE[kind]}
      onSubmit={submit}
      className="space-y-4"
    >
      {failure && <FormError message={failure} />}
      <TextField label="Nom" required autoComplete="off" error={errors.name?.message} {...register('name')} />
      {pickParent && parentKind && (
        <Controller
          control={control}
          name="parent_id"
          render={({ field }) => (
            <ParentPicker
              kind={parentKind}
              label={ORG_KINDS[parentKind].singular}
              value={field.value ?? null}
              selectedLabel={parentName}
              onChange={(id, name) => {
                field.onChange(id);
                setParentName(name ?? undefined);
              }}
              filter={parent && 'pick' in parent ? parent.filter : undefined}
              error={errors.parent_id?.message}
              required={PARENT_REQUIRED[kind] !== null}
              hint={kind === 'regions' ? 'Par défaut : votre bureau national.' : undefined}
            />
          )}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Ville" autoComplete="off" error={errors.city?.message} {...register('city')} />
        <TextField
          label="Téléphone"
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <TextField
        label="Adresse"
        autoComplete="off"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormActions
        className="border-t border-slate-200 pt-4"
        saving={formState.isSubmitting}
        onCancel={onClose}
      />
    </form>
  );
}
