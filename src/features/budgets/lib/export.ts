import type { BudgetDetail, Consolidated } from '@contract/budgets';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { BUDGET_CATEGORY_LABELS, statusLabel, usedPercent } from './labels';

/** The budget's lines as one sheet (planned, and the actuals once approved). */
export function exportBudget(budget: BudgetDetail) {
  const lines = budget.lines ?? [];
  return exportToXlsx({
    fileName: `budget-${budget.year}-${budget.entity_name}`,
    sheetName: `Budget ${budget.year}`,
    rows: lines,
    columns: [
      { header: 'Catégorie', value: (l) => BUDGET_CATEGORY_LABELS[l.category] },
      { header: 'Rubrique', value: (l) => l.name },
      { header: 'Prévu (F CFA)', value: (l) => l.amount },
      ...(budget.with_actuals
        ? [
            { header: 'Réalisé (F CFA)', value: (l: (typeof lines)[number]) => l.actual },
            { header: 'Reste (F CFA)', value: (l: (typeof lines)[number]) => l.remaining },
            { header: 'Utilisé (%)', value: (l: (typeof lines)[number]) => l.percent },
          ]
        : []),
      { header: 'Statut du budget', value: () => statusLabel(budget.status) },
    ],
  });
}

/** The consolidated view: one row per template item. */
export function exportConsolidated(view: Consolidated) {
  return exportToXlsx({
    fileName: `budget-consolide-${view.year}-${view.entity_name}`,
    sheetName: `Consolidé ${view.year}`,
    rows: view.items,
    columns: [
      { header: 'Catégorie', value: (i) => BUDGET_CATEGORY_LABELS[i.category] },
      { header: 'Rubrique', value: (i) => i.name },
      { header: 'Prévu (F CFA)', value: (i) => i.planned },
      { header: 'Réalisé (F CFA)', value: (i) => i.actual },
      { header: 'Reste (F CFA)', value: (i) => i.planned - i.actual },
      { header: 'Utilisé (%)', value: (i) => usedPercent(i.actual, i.planned) },
    ],
  });
}
