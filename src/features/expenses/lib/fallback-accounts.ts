import type { ComboboxOption } from '@/shared/ui/combobox';

/**
 * SPEC.md section 8: when the operation accounts fail to load, the type select offers this fixed list
 * (local cash, foreign cash, local bank, foreign bank, the mobile money providers, the aggregator).
 * Their ids are unknown to the SPA (negative placeholders): choosing one lets the server answer
 * with its own message when it is back.
 */
export const FALLBACK_ACCOUNTS: ComboboxOption<number>[] = [
  'Caisse locale',
  'Caisse devises',
  'Banque locale',
  'Banque étrangère',
  'Orange Money',
  'MTN Mobile Money',
  'Moov Money',
  'Wave',
  'Agrégateur de paiement',
].map((label, index) => ({ value: -(index + 1), label }));
