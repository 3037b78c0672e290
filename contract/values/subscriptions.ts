/** The zod-free part of contract/subscriptions.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const SUBSCRIPTION_PERMISSIONS = {
  VIEW: 'subscription:view',
  CREATE: 'subscription:create',
  PAY: 'subscription:pay',
  MANAGE: 'subscription:manage',
} as const;

/** Which kind of group subscribes with a type (the database's `target`). */
export const SUBSCRIPTION_TARGETS = ['church', 'section', 'region', 'national_office'] as const;
export type SubscriptionTarget = (typeof SUBSCRIPTION_TARGETS)[number];
export const SUBSCRIPTION_TARGET_LABELS: Record<SubscriptionTarget, string> = {
  church: 'Église',
  section: 'Section',
  region: 'Région',
  national_office: 'Bureau national',
};

export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  expired: 'Expirée',
  cancelled: 'Annulée',
};

export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
export const PAYMENT_ATTEMPT_STATUS_LABELS: Record<PaymentAttemptStatus, string> = {
  pending: 'En cours de vérification',
  completed: 'Réussi',
  failed: 'Échoué',
};

/** The currency of every subscription invoice (SPEC.md section 9). */
export const SUBSCRIPTION_CURRENCY = 'xof';
export const MAX_SUBSCRIPTION_AMOUNT = 100_000_000;

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Souscription introuvable.',
  typeNotFound: 'Type de souscription introuvable.',
  groupRequired: 'Indiquez un seul groupe : church_id, section_id, region_id ou national_office_id.',
  typeRequired: 'Veuillez choisir le type de souscription.',
  typeTargetMismatch: "Ce type de souscription ne s'applique pas à ce groupe.",
  typeInactive: "Ce type de souscription n'est plus proposé.",
  amountRequired: 'Le montant est requis.',
  amountPositive: 'Le montant doit être un nombre entier supérieur à 0.',
  amountMax: 'Le montant ne peut pas dépasser 100 000 000 F CFA.',
  dateRequired: 'La date est requise.',
  dateInvalid: 'Date invalide (JJ/MM/AAAA).',
  periodInvalid: 'La date de fin doit suivre la date de début.',
  statusActive: 'Une nouvelle souscription est créée avec le statut « active ».',
  overlap: 'Une souscription de ce groupe couvre déjà une partie de cette période.',
  nameRequired: 'Le nom est requis.',
  nameTooLong: 'Le nom ne doit pas dépasser 100 caractères.',
  periodMonthsInvalid: 'La période doit être un nombre de mois entre 1 et 60.',
  targetInvalid: 'Niveau invalide.',
  typeNameTaken: 'Un type de souscription porte déjà ce nom.',
  createForbidden: "Vous n'êtes pas autorisé à créer une souscription pour ce groupe.",
  payForbidden: "Vous n'êtes pas autorisé à payer cette souscription.",
  alreadyPaid: 'Cette souscription est déjà payée.',
  notPayable: 'Cette souscription est annulée : elle ne peut pas être payée.',
  phoneRequired: 'Le numéro de téléphone est requis.',
  phoneInvalid: 'Numéro de téléphone invalide (8 à 10 chiffres, indicatif du pays facultatif).',
  firstNameTooLong: 'Le prénom ne doit pas dépasser 100 caractères.',
  lastNameTooLong: 'Le nom ne doit pas dépasser 100 caractères.',
  emailInvalid: 'Format email invalide',
  attemptNotFound: 'Tentative de paiement introuvable.',
  paymentBeingPrepared:
    'Un paiement de cette souscription est déjà en préparation. Réessayez dans un instant.',
  providerUnavailable:
    'Le service de paiement (LigdiCash) est injoignable pour le moment. Aucun paiement n’a été enregistré ; réessayez plus tard.',
  providerInvalid:
    'Le service de paiement (LigdiCash) a donné une réponse inattendue. Aucun paiement n’a été enregistré ; réessayez plus tard.',
  providerRefused: 'Le service de paiement (LigdiCash) a refusé la facture : ',
  paymentNotConfigured: "Le paiement en ligne n'est pas configuré sur ce serveur.",
} as const;
/** DD/MM/YYYY (SPEC.md section 7) as an ISO date, or null when it is not a calendar date. */
export function frenchDateToIso(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
/** A phone number of the country: 8 to 10 digits, the country's dialling code (+2xx) optional. */
export const PAYER_PHONE_PATTERN = /^(?:(?:\+|00)2\d{2})?\d{8,10}$/;
export const normalizePayerPhone = (value: string) => value.replace(/[\s.\-()/]/g, '');

/**
 * The way a payment through LigdiCash was made, in French: the provider (and the demo) name it by a
 * code ('card', 'mobile_money', 'OM', 'MOMO'…) or already by its name ('Orange Money'); an unknown name
 * is shown as it came. Subscriptions and online gifts alike.
 */
const PAYMENT_OPERATOR_LABELS: Record<string, string> = {
  card: 'Carte bancaire',
  carte: 'Carte bancaire',
  visa: 'Carte bancaire',
  mastercard: 'Carte bancaire',
  mobile_money: 'Mobile money',
  mobilemoney: 'Mobile money',
  om: 'Orange Money',
  orange: 'Orange Money',
  orange_money: 'Orange Money',
  momo: 'MTN MoMo',
  mtn: 'MTN MoMo',
  mtn_momo: 'MTN MoMo',
  moov: 'Moov Money',
  moov_money: 'Moov Money',
  flooz: 'Moov Money',
  wave: 'Wave',
};

export function paymentOperatorLabel(operator: string | null | undefined): string | null {
  if (!operator) return null;
  const code = operator
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return PAYMENT_OPERATOR_LABELS[code] ?? operator;
}

/** The orders of a list of subscriptions (`?sort=amount&order=desc`); newest first by default. */
export const SUBSCRIPTION_SORTS = ['date', 'type', 'amount', 'paid'] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];
