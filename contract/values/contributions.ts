/** The zod-free part of contract/contributions.ts (re-exported there): what the SPA may import without zod (decision 0023). */

import { ENTITY_TYPES } from './common';

/** Kinds of contribution (the database schema re-exports them: server/src/db/schema/contributions.ts) and their French labels. */
export const CONTRIBUTION_TYPES = ['tithe', 'offering', 'special_gift', 'pledge', 'other'] as const;
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];
export const CONTRIBUTION_TYPE_LABELS: Record<ContributionType, string> = {
  tithe: 'Dîme',
  offering: 'Offrande',
  special_gift: 'Don spécial',
  pledge: 'Promesse / Engagement',
  other: 'Autre',
};

/** The permission codes of contributions, checked by the server and asked by the SPA (SPEC.md section 6). */
export const CONTRIBUTION_PERMISSIONS = {
  VIEW: 'contribution:view',
  CREATE: 'contribution:create',
  CREATE_ANONYMOUS: 'contribution:create_anonyme',
  /** cancelling changes the contribution: 'Modifier des contributions' (treasurers hold it) */
  CANCEL: 'contribution:update',
  PRINT: 'contribution:print_receipt',
} as const;

export const CONTRIBUTION_STATUSES = ['valid', 'cancelled'] as const;
export type ContributionStatus = (typeof CONTRIBUTION_STATUSES)[number];

/** Entity types of the contributions API (SPEC.md section 3; ACTIVITY_GROUP is a department). */
export const CONTRIBUTION_ENTITY_TYPES = ENTITY_TYPES;
export type ContributionEntityType = (typeof CONTRIBUTION_ENTITY_TYPES)[number];

/** Largest amount of one contribution, in XOF. */
export const MAX_CONTRIBUTION_AMOUNT = 1_000_000_000;

/** A public id: 16 random bytes in base64url (22 characters). */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const CONTRIBUTION_MESSAGES = {
  contributorRequired: 'Veuillez choisir un fidèle ou cocher « Anonyme ».',
  contributorNotFaithful: "Ce fidèle n'appartient pas à cette entité.",
  anonymousForbidden: "Vous n'êtes pas autorisé à enregistrer une contribution anonyme.",
  typeRequired: 'Veuillez choisir le type de contribution.',
  amountRequired: 'Le montant est requis.',
  amountPositive: 'Le montant doit être un nombre entier supérieur à 0.',
  amountMax: 'Le montant ne peut pas dépasser 1 000 000 000 F CFA.',
  dateRequired: 'La date est requise.',
  dateInvalid: 'Date invalide.',
  dateTooOld: 'La date ne peut pas être antérieure au 01/01/1900.',
  dateFuture: 'La date ne peut pas être dans le futur.',
  timeInvalid: "Format d'heure invalide (HH:MM)",
  receiptAccountRequired: 'Veuillez choisir le compte de recette.',
  receiptAccountInvalid: "Ce compte de recette n'est pas autorisé pour cette entité.",
  paymentAccountRequired: 'Veuillez choisir le compte de paiement.',
  paymentAccountInvalid:
    "Ce compte de paiement n'est pas un compte de trésorerie autorisé pour cette entité.",
  notesTooLong: 'Les notes ne doivent pas dépasser 500 caractères.',
  entityRequired: "L'entité est requise",
  notFound: 'Contribution introuvable.',
  alreadyCancelled: 'Cette contribution est déjà annulée.',
  receiptNotFound: 'Reçu introuvable.',
  tooManyRequests: 'Trop de vérifications depuis cette adresse. Réessayez dans quelques instants.',
  periodInvalid: 'La date de fin doit suivre la date de début.',
} as const;

/** The orders of a list of contributions (`?sort=amount&order=desc`); newest first by default. */
export const CONTRIBUTION_SORTS = [
  'date',
  'receipt_number',
  'contributor',
  'type',
  'amount',
  'status',
] as const;
export type ContributionSort = (typeof CONTRIBUTION_SORTS)[number];
