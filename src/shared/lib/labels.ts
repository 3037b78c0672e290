import type { JournalType } from '@contract/accounts';

/** The treasury journals as the screens name them (journals, and the payment accounts of contributions). */
export const JOURNAL_TYPE_LABELS: Record<JournalType, string> = {
  CASH: 'Caisse',
  BANK: 'Banque',
  ELECTRONIK: 'Electronique',
};
