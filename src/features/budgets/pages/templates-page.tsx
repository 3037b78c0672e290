import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BudgetTemplate, TemplateBody } from '@contract/budgets';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { NumberField } from '@/shared/ui/number-field';
import { PageSection } from '@/shared/ui/page-section';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useTemplateAccounts, useTemplates, useTemplateWrite } from '../api/templates';
import { BUDGET_CATEGORY_LABELS } from '../lib/labels';
import { templateFormSchema, type TemplateFormValues } from '../lib/forms';

const NO_ACCOUNT = 'none';

/**
 * The denomination's budget templates (/admin/modeles-budget): items with a name, a category, an
 * optional operation account and an order; an item a budget uses is archived, never deleted.
 */
export function TemplatesPage() {
  const paths = useSpacePaths();
  usePageTitle('Modèles de budget', { back: paths.here });
  const [archived, setArchived] = useState(false);
  const templates = useTemplates(archived);
  const write = useTemplateWrite();
  const [editing, setEditing] = useState<BudgetTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BudgetTemplate | null>(null);

  const run = async (change: Parameters<typeof write.mutateAsync>[0], done: string) => {
    try {
      await write.mutateAsync(change);
      notify.success(done);
      return true;
    } catch (error) {
      notify.error(errorMessage(error));
      return false;
    }
  };

  const columns: DataTableColumn<BudgetTemplate>[] = [
    { key: 'position', header: 'Ordre', cell: (t) => t.position, className: 'w-16 tabular-nums' },
    {
      key: 'name',
      header: 'Rubrique',
      cell: (t) => (
        <span className={t.archived_at ? 'text-slate-600 line-through' : 'font-medium'}>
          {t.name}
          {t.archived_at && <span className="ml-2 text-xs no-underline">(archivée)</span>}
        </span>
      ),
    },
    {
      key: 'account',
      header: 'Compte suivi',
      cell: (t) => (t.operation_account ? `${t.operation_account.code} — ${t.operation_account.name}` : '—'),
    },
    { key: 'used', header: 'Budgets', align: 'right', cell: (t) => t.used_by },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (t) => (
        <div className="flex justify-end gap-1">
          {t.archived_at ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => run({ kind: 'restore', id: t.id }, 'Rubrique rétablie.')}
            >
              Rétablir
            </Button>
          ) : (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(t)}>
                Modifier
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => run({ kind: 'archive', id: t.id }, 'Rubrique archivée.')}
              >
                Archiver
              </Button>
            </>
          )}
          {t.used_by === 0 && (
            <Button size="sm" variant="ghost" onClick={() => setDeleting(t)}>
              Supprimer
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label="Afficher les rubriques archivées"
          checked={archived}
          onChange={(event) => setArchived(event.target.checked)}
        />
        <Button onClick={() => setEditing('new')}>Nouvelle rubrique</Button>
      </div>
      <FormError message={templates.isError ? errorMessage(templates.error) : null} />
      {(['INCOME', 'EXPENSE'] as const).map((category) => (
        <PageSection key={category} title={BUDGET_CATEGORY_LABELS[category]}>
          <DataTable
            caption={`Rubriques de ${BUDGET_CATEGORY_LABELS[category].toLowerCase()}`}
            columns={columns}
            rows={templates.data?.filter((t) => t.category === category)}
            loading={templates.isLoading}
            emptyText="Aucune rubrique."
          />
        </PageSection>
      ))}
      {editing && (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          saving={write.isPending}
          error={write.isError ? errorMessage(write.error) : null}
          onClose={() => {
            write.reset();
            setEditing(null);
          }}
          onSave={async (body) => {
            const ok =
              editing === 'new'
                ? await run({ kind: 'create', body }, 'Rubrique créée.')
                : await run({ kind: 'update', id: editing.id, body }, 'Rubrique modifiée.');
            if (ok) setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer la rubrique"
        message={
          deleting ? `« ${deleting.name} » n’est utilisée par aucun budget : elle sera supprimée.` : undefined
        }
        confirmLabel="Supprimer"
        danger
        loading={write.isPending}
        onConfirm={async () => {
          if (deleting && (await run({ kind: 'delete', id: deleting.id }, 'Rubrique supprimée.')))
            setDeleting(null);
        }}
      />
    </div>
  );
}

function TemplateDialog({
  template,
  saving,
  error,
  onClose,
  onSave,
}: {
  template: BudgetTemplate | null;
  saving: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (body: TemplateBody) => void;
}) {
  const accounts = useTemplateAccounts();
  const form = useForm<TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: {
      name: template?.name ?? '',
      category: template?.category ?? 'EXPENSE',
      operation_account_id: template?.operation_account ? String(template.operation_account.id) : NO_ACCOUNT,
      position: String(template?.position ?? 0),
    },
  });
  const category = form.watch('category');
  const { errors } = form.formState;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !saving && onClose()}
      title={template ? 'Modifier la rubrique' : 'Nouvelle rubrique'}
    >
      <form
        noValidate
        aria-label="Rubrique de budget"
        className="space-y-4"
        onSubmit={form.handleSubmit((values) =>
          onSave({
            name: values.name,
            category: values.category,
            operation_account_id:
              values.operation_account_id === NO_ACCOUNT ? null : Number(values.operation_account_id),
            position: Number(values.position),
          }),
        )}
      >
        <TextField label="Nom" required error={errors.name?.message} {...form.register('name')} />
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Select
              label="Catégorie"
              required
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                form.setValue('operation_account_id', NO_ACCOUNT);
              }}
              options={[
                { value: 'INCOME', label: 'Recette' },
                { value: 'EXPENSE', label: 'Dépense' },
              ]}
              error={errors.category?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="operation_account_id"
          render={({ field }) => (
            <Select
              label="Compte d’opération (facultatif)"
              hint={
                category === 'INCOME'
                  ? 'Le réalisé d’une recette est ce que ce compte a reçu.'
                  : 'Un compte de charges.'
              }
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: NO_ACCOUNT, label: 'Aucun' },
                ...(accounts.data ?? [])
                  .filter((a) => a.category === category)
                  .map((a) => ({ value: String(a.id), label: `${a.code} — ${a.name}` })),
              ]}
            />
          )}
        />
        <NumberField
          label="Ordre"
          required
          min={0}
          step={1}
          error={errors.position?.message}
          {...form.register('position')}
        />
        <FormActions failure={error} saving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
