import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { cn } from '@/shared/lib/cn';

/** The QR code of a receipt's verification address, as an SVG (uqr: no canvas, prints sharp). */
export function ReceiptQr({ url, className }: { url: string; className?: string }) {
  const svg = useMemo(() => renderSVG(url, { ecc: 'M', border: 1 }), [url]);
  return (
    <div
      role="img"
      aria-label={`QR code de vérification : ${url}`}
      data-url={url}
      className={cn('receipt-qr [&>svg]:h-full [&>svg]:w-full', className)}
      // the SVG is generated locally from our own URL, not from server HTML
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
