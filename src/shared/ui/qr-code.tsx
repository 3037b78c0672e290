import { useMemo } from 'react';
import { encode } from 'uqr';
import { cn } from '@/shared/lib/cn';

/**
 * A QR code of an address (a receipt's verification, a church's giving page), drawn as React SVG
 * elements from uqr's matrix (no canvas, prints sharp; no injected HTML, so the Content-Security-Policy
 * needs nothing for it).
 */
export function QrCode({
  url,
  className,
  label = `QR code de vérification : ${url}`,
}: {
  url: string;
  className?: string;
  /** its accessible name */
  label?: string;
}) {
  const { size, path } = useMemo(() => {
    const { data, size: modules } = encode(url, { ecc: 'M', border: 1 });
    const cells: string[] = [];
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: modules, path: cells.join('') };
  }, [url]);
  return (
    <div
      role="img"
      aria-label={label}
      data-url={url}
      className={cn('receipt-qr [&>svg]:h-full [&>svg]:w-full', className)}
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
        aria-hidden="true"
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
    </div>
  );
}
