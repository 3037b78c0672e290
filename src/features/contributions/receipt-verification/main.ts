// Entry of receipt.html: the public receipt verification for guests (see ./render.ts).
import { publicIdOfPath, RECEIPT_TEXTS, showReceipt } from './render';
import './receipt-verification.css';

// As src/shared/config.ts says it, without importing it: this page shares no module with the SPA, so
// that none of the SPA's chunks comes with it.
const APP_TITLE: string = import.meta.env.VITE_APP_TITLE?.trim() || 'Ekklesia Gestion';

document.title = `${RECEIPT_TEXTS.title} - ${APP_TITLE}`;
const brand = document.getElementById('receipt-brand');
if (brand) brand.textContent = APP_TITLE;
const root = document.getElementById('receipt-root');
if (root)
  void showReceipt(root, publicIdOfPath(window.location.pathname), {
    apiBase: import.meta.env.VITE_API_URL ?? '',
  });
