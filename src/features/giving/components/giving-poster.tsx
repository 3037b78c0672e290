import { APP_TITLE } from '@/shared/config';
import { QrCode } from '@/shared/ui/qr-code';
import { givingPageUrl } from '../lib/labels';

/**
 * The church's A4 poster: 'Scannez pour donner', its name, the QR code of its public giving page and
 * the address under it, the ways to pay. Printed alone (the page's other content is print:hidden).
 */
export function GivingPoster({ churchName, code }: { churchName: string; code: string }) {
  const url = givingPageUrl(code);
  return (
    <article
      aria-label="Affiche « Scannez pour donner »"
      className="giving-poster mx-auto flex aspect-[210/297] w-full max-w-md flex-col items-center justify-between rounded-lg border border-slate-300 bg-white p-6 text-center text-slate-900 print:max-w-none print:rounded-none print:border-0 print:p-[18mm]"
    >
      <header className="space-y-1">
        <p className="text-xs uppercase tracking-widest text-slate-500 print:text-sm">{APP_TITLE}</p>
        <h2 className="text-lg font-bold sm:text-xl print:text-4xl">{churchName}</h2>
      </header>
      <div className="flex flex-col items-center gap-3">
        <p className="text-2xl font-extrabold text-brand-700 print:text-6xl">Scannez pour donner</p>
        <QrCode
          url={url}
          label={`QR code de la page de don : ${url}`}
          className="h-48 w-48 print:h-[110mm] print:w-[110mm]"
        />
        <p className="break-all font-mono text-xs print:text-lg">{url}</p>
      </div>
      <footer className="space-y-1 text-sm print:text-xl">
        <p>Dîme, offrande, don : par Orange Money, MTN MoMo, Moov Money, Wave ou carte bancaire.</p>
        <p className="text-slate-600">Un reçu vérifiable vous est remis après le paiement.</p>
      </footer>
    </article>
  );
}

/** The print of the poster: A4 portrait, no margins of the browser's own. */
export function PosterPrintStyles() {
  return (
    <style>{`@media print {
  @page { size: A4 portrait; margin: 0; }
  html, body { background: #fff !important; }
  header, aside, nav, [role="navigation"] { display: none !important; }
  main { padding: 0 !important; }
  .giving-poster { height: 297mm; width: 210mm; aspect-ratio: auto; }
  .giving-poster header { display: block !important; }
}`}</style>
  );
}
