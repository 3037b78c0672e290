import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BudgetCategory, BudgetLineDetail, BudgetLinesBody, BudgetTemplate } from '@contract/budgets';
import { formatMoney } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { FormActions } from '@/shared/ui/form-actions';
import { MoneyField } from '@/shared/ui/money-field';
import { Select } from '@/shared/ui/select';
import { BUDGET_CATEGORY_LABELS } from '../lib/labels';
import { linesFormSchema, type LinesFormValues } from '../lib/forms';

type Item = { budget_item_template_id: number; name: string; category: BudgetCategory };

/**
 * The planned amount of each line of a draft or rejected budget, grouped by category; an active
 * template item missing from the budget can be added, a line removed.
 */
export function LinesEditor({
  lines,
  templates,
  saving,
  error,
  onSave,
  onCancel,
}: {
  lines: BudgetLineDetail[];
  templates: BudgetTemplate[];
  saving: boolean;
  error: string | null;
  onSave: (body: BudgetLinesBody) => void;
  onCancel: () => void;
}) {
  const [items, setItems] = useState<Item[]>(() =>
    lines.map((l) => ({
      budget_item_template_id: l.budget_item_template_id,
      name: l.name,
      category: l.category,
    })),
  );
  const form = useForm<LinesFormValues>({
    resolver: zodResolver(linesFormSchema),
    defaultValues: {
      lines: lines.map((l) => ({
        budget_item_template_id: l.budget_item_template_id,
        amount: String(l.amount),
      })),
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const [adding, setAdding] = useState('');
  const values = form.watch('lines');
  const missing = templates.filter(
    (t) => !t.archived_at && !fields.some((f) => f.budget_item_template_id === t.id),
  );
  const total = (category: BudgetCategory) =>
    fields.reduce((sum, field, index) => {
      const item = items.find((i) => i.budget_item_template_id === field.budget_item_template_id);
      const amount = Number(values?.[index]?.amount);
      return item?.category === category && Number.isFinite(amount) ? sum + amount : sum;
    }, 0);

  return (
    <form
      noValidate
      aria-label="Lignes du budget"
      className="space-y-6"
      onSubmit={form.handleSubmit((data) =>
        onSave({
          lines: data.lines.map((l) => ({
            budget_item_template_id: l.budget_item_template_id,
            amount: Number(l.amount),
          })),
        }),
      )}
    >
      {(['INCOME', 'EXPENSE'] as const).map((category) => (
        <fieldset key={category} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-base font-semibold text-slate-900">
            {BUDGET_CATEGORY_LABELS[category]} — total {formatMoney(total(category))}
          </legend>
          {fields.map((field, index) => {
            const item = items.find((i) => i.budget_item_template_id === field.budget_item_template_id);
            if (item?.category !== category) return null;
            return (
              <div key={field.id} className="flex items-end gap-2">
                <MoneyField
                  label={item.name}
                  className="flex-1"
                  required
                  error={form.formState.errors.lines?.[index]?.amount?.message}
                  {...form.register(`lines.${index}.amount`)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Retirer ${item.name}`}
                  title="Retirer la ligne"
                  onClick={() => remove(index)}
                >
                  ✕
                </Button>
              </div>
            );
          })}
        </fieldset>
      ))}
      {missing.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <Select
            label="Ajouter une rubrique"
            className="min-w-64 flex-1"
            value={adding}
            onChange={setAdding}
            placeholder="Choisir une rubrique"
            options={missing.map((t) => ({
              value: String(t.id),
              label: `${t.name} (${BUDGET_CATEGORY_LABELS[t.category]})`,
            }))}
          />
          <Button
            variant="secondary"
            disabled={!adding}
            onClick={() => {
              const template = missing.find((t) => String(t.id) === adding);
              if (!template) return;
              setItems((current) => [
                ...current,
                { budget_item_template_id: template.id, name: template.name, category: template.category },
              ]);
              append({ budget_item_template_id: template.id, amount: '0' });
              setAdding('');
            }}
          >
            Ajouter
          </Button>
        </div>
      )}
      <FormActions failure={error} saving={saving} onCancel={onCancel} />
    </form>
  );
}
