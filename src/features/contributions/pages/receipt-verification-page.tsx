import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { APP_TITLE } from '@/shared/config';
import { RECEIPT_TEXTS, showReceipt } from '../receipt-verification/render';
import '../receipt-verification/receipt-verification.css';

/**
 * /receipt/:id inside the SPA (a link followed without reloading). A guest opening the QR code gets
 * receipt.html from the server instead: the same rendering, without the SPA's JavaScript.
 */
export function ReceiptVerificationPage() {
  const { id = '' } = useParams();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.title = `${RECEIPT_TEXTS.title} - ${APP_TITLE}`;
    if (root.current) void showReceipt(root.current, id, { apiBase: import.meta.env.VITE_API_URL ?? '' });
  }, [id]);
  return (
    <div className="rv-page">
      <main className="rv-main">
        <p className="rv-brand">
          <img src="/logo.svg" alt="" />
          <span>{APP_TITLE}</span>
        </p>
        <div ref={root} aria-live="polite" />
        <p className="rv-foot">Vérification publique d’un reçu de contribution</p>
      </main>
    </div>
  );
}

export default ReceiptVerificationPage;
