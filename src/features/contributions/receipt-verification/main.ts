// Entry of receipt.html: the public receipt verification for guests (see ./render.ts).
import { APP_TITLE } from '@/shared/config';
import { publicIdOfPath, RECEIPT_TEXTS, showReceipt } from './render';
import './receipt-verification.css';

document.title = `${RECEIPT_TEXTS.title} - ${APP_TITLE}`;
const brand = document.getElementById('receipt-brand');
if (brand) brand.textContent = APP_TITLE;
const root = document.getElementById('receipt-root');
if (root)
  void showReceipt(root, publicIdOfPath(window.location.pathname), {
    apiBase: import.meta.env.VITE_API_URL ?? '',
  });
