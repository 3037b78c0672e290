import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from './button';
import { LineIcon } from './line-icon';
import { notify } from './toast';

/**
 * A clean A4 print of a document (a journal, a budget): the space's header, navigation and dock, and
 * every control marked `print:hidden`, are left out; the element of class `scope` prints in black on
 * white, its tables with their headings repeated on each page.
 */
export function PrintStyles({ scope = 'journal-print' }: { scope?: string }) {
  return (
    <style>{`@media print {
  @page { size: A4 portrait; margin: 12mm 10mm; }
  html, body { background: #fff !important; }
  header, aside, nav, [role="navigation"] { display: none !important; }
  main { padding: 0 !important; }
  .${scope} { font-size: 9pt; color: #000; }
  .${scope} table { width: 100%; border-collapse: collapse; }
  .${scope} th, .${scope} td { border: 0.5pt solid #999; padding: 2pt 4pt; }
  .${scope} thead { display: table-header-group; }
  .${scope} tfoot { display: table-footer-group; }
  .${scope} tr { break-inside: avoid; }
  .${scope} section, .${scope} .rounded-lg { box-shadow: none !important; border-color: #999 !important; }
}`}</style>
  );
}

/**
 * `printing` is true while the browser prints (the virtualised tables render every row then);
 * `print()` renders the whole document first, then opens the print dialog.
 */
export function usePrinting() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = useCallback(() => {
    flushSync(() => setPrinting(true));
    window.print();
  }, []);
  return { printing, print };
}

/** 'Imprimer': `onClick` prepares the document first (usePrinting's print), else the browser prints. */
export function PrintButton({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) {
  return (
    <Button
      variant="secondary"
      onClick={onClick ?? (() => window.print())}
      disabled={disabled}
      className="print:hidden"
    >
      <LineIcon>
        <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
        <rect x="6" y="14" width="12" height="7" />
      </LineIcon>
      Imprimer
    </Button>
  );
}

/**
 * The export button of every list and document: it runs `onExport` (which builds and downloads the
 * file), shows its progress and tells a failure in French — so a page only says what to export.
 */
export function ExportButton({
  onExport,
  disabled,
  label = 'Exporter (xlsx)',
  errorFallback = "Erreur lors de l'export",
}: {
  onExport: () => Promise<void>;
  disabled?: boolean;
  label?: string;
  errorFallback?: string;
}) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      notify.error(errorMessage(error, errorFallback));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => void run()}
      disabled={disabled || exporting}
      loading={exporting}
      className="print:hidden"
    >
      <LineIcon>
        <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
      </LineIcon>
      {label}
    </Button>
  );
}
