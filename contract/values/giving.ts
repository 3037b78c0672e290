/** The zod-free part of contract/giving.ts (re-exported there): what the SPA may import without zod (decision 0023). */

import type { ContributionType } from './contributions';

/** Online giving (decision 0043): a gift by mobile money or card through LigdiCash. */

/** Who manages a church's online giving (its merchant key, its account): treasurers by default. */
export const GIVING_PERMISSIONS = {
  MANAGE: 'online_giving:manage',
  /** the checkouts and the reconciliation are read with the church's contributions */
  VIEW: 'contribution:view',
} as const;

/** Bounds of one online gift, in F CFA (whole francs: the currency has no minor unit). */
export const MIN_ONLINE_GIFT = 100;
export const MAX_ONLINE_GIFT = 2_000_000;

/** The currency of every online gift. */
export const GIVING_CURRENCY = 'xof';

/**
 * A checkout's life: `started` (stored, invoice being created), `pending` (the payer is at LigdiCash),
 * `paid` (confirmed by LigdiCash and recorded as a contribution), `failed` (refused, or the invoice could
 * not be created, or a confirmation that did not match), `expired` (still not paid after the limit).
 */
export const CHECKOUT_STATUSES = ['started', 'pending', 'paid', 'failed', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const CHECKOUT_STATUS_LABELS: Record<CheckoutStatus, string> = {
  started: 'Démarré',
  pending: 'En attente',
  paid: 'Payé',
  failed: 'Échoué',
  expired: 'Expiré',
};

/** A pending checkout not confirmed after this long is expired (the periodic re-check asks once more first). */
export const CHECKOUT_EXPIRY_MINUTES = 60;

/** Whose merchant account collects a church's gifts: its own, or the denomination's (the installation's). */
export const GIVING_COLLECTIONS = ['church', 'central'] as const;
export type GivingCollection = (typeof GIVING_COLLECTIONS)[number];
export const GIVING_COLLECTION_LABELS: Record<GivingCollection, string> = {
  church: 'Le compte marchand de l’église',
  central: 'Le compte marchand de la dénomination',
};

/** The receipt account ('Produits') an online gift of each type is recorded on, by its chart number. */
export const ONLINE_RECEIPT_ACCOUNT_CODES: Record<ContributionType, string> = {
  tithe: '7581',
  offering: '7582',
  special_gift: '7583',
  pledge: '7584',
  other: '7583',
};

/** The expense account of the provider's fee (SYCEBNL 631, bank services: 6318 other bank charges). */
export const ONLINE_FEE_ACCOUNT_CODE = '6318';
export const ONLINE_FEE_ACCOUNT_NAME = 'Frais de paiement en ligne';

/** A church's public giving code (/donner/{code}): 10 letters and digits, no look-alikes. */
export const GIVING_CODE_PATTERN = /^[a-z2-9]{10}$/;

/** Guests' gifts started per address, and per phone, in an hour (counted in the database). */
export const GUEST_LIMITS = { perAddressPerHour: 10, perPhonePerHour: 5 } as const;

/** The reconciliation's lines, by what was found. */
export const RECONCILIATION_KINDS = ['matched', 'missing', 'unknown'] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];
export const RECONCILIATION_KIND_LABELS: Record<ReconciliationKind, string> = {
  matched: 'Rapproché',
  missing: 'Absent du produit',
  unknown: 'Inconnu de LigdiCash',
};

export const GIVING_MESSAGES = {
  entityRequired: 'Veuillez choisir à qui vous donnez.',
  entityNotYours: 'Vous ne pouvez donner qu’à votre église ou à un département dont vous êtes membre.',
  typeRequired: 'Veuillez choisir le type de contribution.',
  amountRequired: 'Le montant est requis.',
  amountWhole: 'Le montant doit être un nombre entier de F CFA.',
  amountMin: 'Le montant minimum d’un don en ligne est de 100 F CFA.',
  amountMax: 'Le montant d’un don en ligne ne peut pas dépasser 2 000 000 F CFA.',
  notesTooLong: 'La note ne doit pas dépasser 200 caractères.',
  phoneRequired: 'Le numéro de téléphone est requis.',
  phoneInvalid: 'Numéro de téléphone invalide (8 à 10 chiffres, indicatif du pays facultatif).',
  nameRequired: 'Indiquez votre nom ou cochez « Anonyme ».',
  nameTooLong: 'Le nom ne doit pas dépasser 100 caractères.',
  notOpen: 'Le don en ligne n’est pas ouvert pour cette église.',
  notMember: 'Votre compte n’est rattaché à aucune église : le don en ligne n’est pas possible.',
  pageNotFound: 'Page de don introuvable.',
  checkoutNotFound: 'Paiement introuvable.',
  tooManyFromAddress:
    'Trop de dons commencés depuis cette adresse. Réessayez dans une heure ou donnez à votre église.',
  tooManyFromPhone: 'Trop de dons commencés avec ce numéro. Réessayez dans une heure.',
  receiptAccountMissing:
    'Aucun compte de recette n’est autorisé à cette église pour ce type de don : contactez le trésorier.',
  feeAccountMissing: 'Le compte « Frais de paiement en ligne » est introuvable : contactez l’administrateur.',
  paymentNotConfigured: "Le paiement en ligne n'est pas configuré sur ce serveur.",
  merchantMissing:
    'Aucun compte marchand LigdiCash n’est enregistré pour cette église : le trésorier doit le saisir.',
  providerUnavailable:
    'Le service de paiement (LigdiCash) est injoignable pour le moment. Aucun paiement n’a été enregistré ; réessayez plus tard.',
  providerInvalid:
    'Le service de paiement (LigdiCash) a donné une réponse inattendue. Aucun paiement n’a été enregistré ; réessayez plus tard.',
  providerRefused: 'Le service de paiement (LigdiCash) a refusé la facture : ',
  accountRequired: 'Choisissez le compte de trésorerie (électronique) qui reçoit les dons en ligne.',
  accountInvalid: 'Ce compte n’est pas un compte de trésorerie électronique autorisé pour cette église.',
  keyRequired: 'La clé API LigdiCash est requise avec son jeton.',
  tokenRequired: 'Le jeton API LigdiCash est requis avec sa clé.',
  keyTooLong: 'La clé API ne doit pas dépasser 500 caractères.',
  tokenTooLong: 'Le jeton API ne doit pas dépasser 2 000 caractères.',
  centralMissing:
    'La dénomination n’a pas encore de compte marchand : l’administrateur doit saisir sa clé et son jeton.',
  manageForbidden: 'Vous n’êtes pas autorisé à modifier les paramètres de paiement de cette église.',
  installationForbidden: 'Seul l’administrateur modifie le compte marchand de la dénomination.',
  statementRequired: 'Choisissez le relevé de transactions LigdiCash (fichier CSV).',
  statementTooLarge: 'Le relevé ne doit pas dépasser 5 000 lignes.',
  statementUnreadable:
    'Relevé illisible : la première ligne doit nommer les colonnes (référence ou identifiant externe, montant, statut).',
  notVerifiable: 'Ce paiement n’est plus en attente : il n’y a rien à vérifier.',
} as const;

/** A phone number of the country: 8 to 10 digits, the country's dialling code (+2xx) optional. */
export const GIVER_PHONE_PATTERN = /^(?:(?:\+|00)2\d{2})?\d{8,10}$/;
export const normalizeGiverPhone = (value: string) => value.replace(/[\s.\-()/]/g, '');
