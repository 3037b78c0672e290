import { Button } from '@/shared/ui/button';

/**
 * A clean A4 print of a budget: the space's header, navigation and every control marked
 * `print:hidden` are left out; tables print in black on white with their headings repeated.
 */
export function BudgetPrintStyles() {
  return (
    <style>{`@media print {
  @page { size: A4 portrait; margin: 12mm 10mm; }
  html, body { background: #fff !important; }
  header, aside, nav, [role="navigation"] { display: none !important; }
  main { padding: 0 !important; }
  .budget-print { font-size: 9pt; color: #000; }
  .budget-print table { width: 100%; border-collapse: collapse; }
  .budget-print th, .budget-print td { border: 0.5pt solid #999; padding: 2pt 4pt; }
  .budget-print thead { display: table-header-group; }
  .budget-print tr { break-inside: avoid; }
  .budget-print section, .budget-print .rounded-lg { box-shadow: none !important; border-color: #999 !important; }
}`}</style>
  );
}

export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
        <rect x="6" y="14" width="12" height="7" />
      </svg>
      Imprimer
    </Button>
  );
}

export function ExportButton({
  onClick,
  loading,
  disabled,
}: {
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="secondary"
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      className="print:hidden"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
      </svg>
      Exporter (xlsx)
    </Button>
  );
}
