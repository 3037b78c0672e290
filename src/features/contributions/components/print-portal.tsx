import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './receipt-print.css';

/**
 * What the printer gets: `children` in a node under <body>, hidden on screen; when printing,
 * receipt-print.css hides everything else. `format` sets the paper: A4 or an 80 mm thermal roll.
 */
export function PrintPortal({ format = 'a4', children }: { format?: 'a4' | 'thermal'; children: ReactNode }) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.className = 'receipt-print-root';
    document.body.appendChild(element);
    setNode(element);
    return () => element.remove();
  }, []);
  useEffect(() => {
    node?.setAttribute('data-format', format);
    const style = document.createElement('style');
    style.textContent =
      format === 'thermal' ? '@page { size: 80mm auto; margin: 3mm; }' : '@page { size: A4; margin: 15mm; }';
    document.head.appendChild(style);
    return () => style.remove();
  }, [format, node]);
  return node ? createPortal(<div data-testid="print-copy">{children}</div>, node) : null;
}
