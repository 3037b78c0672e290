/** The zod-free part of contract/expenses.ts (re-exported there): what the SPA may import without zod (decision 0023). */
import { ENTITY_TYPES } from './common';
import { FIXED_ASSET_MESSAGES } from './fixed-assets';
import type { ExpenseLineBody } from '../expenses';
import type { z } from 'zod';

// ---------------------------------------------------------------- constants

export const EXPENSE_ENTITY_TYPES = ENTITY_TYPES;
export type ExpenseEntityType = (typeof EXPENSE_ENTITY_TYPES)[number];

export const EXPENSE_REQUEST_STATUSES = ['approval_pending', 'rejected', 'approved', 'validated'] as const;
export type ExpenseRequestStatus = (typeof EXPENSE_REQUEST_STATUSES)[number];

export const EXPENSE_LINE_STATUSES = ['pending', 'paid', 'validated', 'cancelled'] as const;
export type ExpenseLineStatus = (typeof EXPENSE_LINE_STATUSES)[number];

export const DONATION_TYPES = ['none', 'individual', 'legal_entity', 'system_entity'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

export const RECIPIENT_ENTITY_TYPES = [
  'church',
  'section',
  'region',
  'national_office',
  'activity_group',
] as const;
export type RecipientEntityType = (typeof RECIPIENT_ENTITY_TYPES)[number];

/** Suggested payment methods (the server accepts any non-empty text up to 50 characters). */
export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'check', 'mobile_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC.md section 9: files of the supporting documents. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 10;
/**
 * The types of the supporting documents (SPEC.md section 9 'image/*' and PDF): the images phones produce
 * (JPEG, PNG, WebP, GIF, an iPhone's HEIC/HEIF) and PDF. The server recognises them by their first bytes,
 * the drop zone offers them with these extensions: one list for both (docs/features/expenses.md).
 */
export const ATTACHMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;
export type AttachmentMimeType = (typeof ATTACHMENT_MIME_TYPES)[number];
export const ATTACHMENT_EXTENSIONS: Record<AttachmentMimeType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'application/pdf': ['.pdf'],
};

/** Earliest date of every date field (SPEC.md section 5). */
export const EARLIEST_DATE = '1900-01-01';
/** Categories of the add-expense 'type' select. */
export const EXPENSE_ACCOUNT_CATEGORIES = ['Charges AO', 'Actifs immobilisés'] as const;

/** Largest quantity, unit price and amount (XOF, integers): the totals stay PostgreSQL integers. */
export const MAX_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE = 1_000_000_000;
export const MAX_AMOUNT = 2_000_000_000;

// ---------------------------------------------------------------- messages

export const EXPENSE_MESSAGES = {
  // SPEC.md section 5 (exact)
  required: 'Ce champ est requis.',
  invalidFormat: 'Format non valide.',
  paymentTimeInvalid: "Format d'heure invalide (HH:MM ou HH:MM:SS)",
  firstNameRequired: 'Le prénom est requis pour une personne physique',
  lastNameRequired: 'Le nom est requis pour une personne physique',
  companyNameRequired: "Le nom de l'entreprise est requis pour une personne morale",
  emailInvalid: 'Format email invalide',
  recipientEntityTypeRequired: "Le type d'entité est requis",
  recipientEntityRequired: "L'entité est requise",
  paymentMethodRequired: 'Veuillez choisir la méthode de paiement.',
  // SPEC.md section 8 (exact)
  missingEntity:
    "Impossible de valider cette dépense : informations d'entité manquantes. Veuillez contacter l'administrateur.",
  unsupportedEntityType: "Type d'entité non supporté",
  // ours (documented in docs/features/expenses.md)
  dateInvalid: 'Date invalide.',
  dateTooOld: 'La date ne peut pas être antérieure au 01/01/1900.',
  amountMin: 'Le montant doit être au moins 1.',
  amountTooLarge: 'Le montant est trop élevé.',
  linesRequired: 'Ajoutez au moins une dépense.',
  tooManyLines: 'Une demande ne peut pas compter plus de 100 dépenses.',
  textTooLong: 'Ce texte est trop long.',
  statusOnCreate: "Une demande est toujours créée en attente d'approbation.",
  paymentAccountRequired: 'Veuillez choisir le compte de paiement.',
  paymentAccountInvalid:
    "Ce compte de paiement n'est pas un compte de trésorerie autorisé pour cette entité.",
  operationAccountInvalid:
    "Ce type de dépense n'est pas un compte de charges ou d'actifs autorisé pour cette entité.",
  budgetLineInvalid: "Cette ligne budgétaire n'appartient pas à cette entité.",
  plannedActivityInvalid: "Cette activité n'appartient pas à cette entité.",
  recipientEntityNotFound: "L'entité bénéficiaire est introuvable.",
  requestNotFound: 'Demande de dépense introuvable.',
  lineNotFound: 'Ligne de dépense introuvable.',
  attachmentNotFound: 'Pièce jointe introuvable.',
  verifiedLocked: 'Cette demande a été vérifiée : elle ne peut plus être modifiée.',
  linesLocked: 'La demande a été approuvée : ses lignes ne peuvent plus être modifiées.',
  addLineLocked: "Des lignes ne peuvent être ajoutées qu'à une demande en attente d'approbation ou rejetée.",
  lastLine: 'Une demande doit garder au moins une dépense.',
  notApprovedForPayment: 'La demande doit être approuvée avant le paiement.',
  notApprovedForCancel: "La demande doit être approuvée avant l'annulation d'une dépense.",
  lineCancelled: 'Cette dépense a été annulée : elle ne peut pas être payée.',
  lineAlreadyCancelled: 'Cette dépense est déjà annulée.',
  lineFullyPaid: 'Cette dépense est déjà entièrement payée.',
  lineHasPayments: "Impossible d'annuler une dépense déjà payée, même partiellement.",
  alreadyApproved: 'Cette demande est déjà approuvée.',
  alreadyValidated: 'Cette demande est déjà validée.',
  cannotValidateRejected: "Une demande rejetée doit d'abord être approuvée.",
  cannotReject: 'Seule une demande en attente, ou approuvée sans aucun paiement, peut être rejetée.',
  alreadyRejected: 'Cette demande est déjà rejetée.',
  notApprovedForVerify: 'Seule une demande approuvée ou validée peut être vérifiée.',
  alreadyVerified: 'Cette demande est déjà vérifiée.',
  deleteCreatorOnly: 'Seul le créateur de la demande peut la supprimer.',
  deleteLocked: 'Une demande approuvée, payée ou vérifiée ne peut pas être supprimée.',
  deleted: 'Demande de dépense supprimée.',
  lineDeletedServer: 'Ligne de dépense supprimée.',
  assetNotAllowed:
    "Une immobilisation ne peut être créée que pour une dépense du bureau national sur un compte d'actifs immobilisés.",
  attachableTypeInvalid: "Type de pièce jointe non pris en charge (seul 'expense_request' l'est).",
  attachableIdInvalid: 'Demande de dépense invalide.',
  noFiles: 'Aucun fichier reçu.',
  fileTooLarge: 'Fichier trop volumineux : 10 Mo au maximum par fichier.',
  tooManyFiles: 'Trop de fichiers : 10 au maximum.',
  fileTypeRefused:
    'Type de fichier non pris en charge : seuls les images JPEG, PNG, WebP, GIF, HEIC et les PDF sont acceptés.',
  notMultipart: 'Les fichiers doivent être envoyés en multipart/form-data.',
  periodInvalid: 'La date de fin doit suivre la date de début.',
  // a payment may record a fixed asset: its form shows the asset's messages
  ...FIXED_ASSET_MESSAGES,
} as const;

const M = EXPENSE_MESSAGES;

/** 'Le montant ne peut pas être supérieur à {remaining}.' (SPEC.md section 5), remaining in plain digits. */
export function remainingMessage(remaining: number): string {
  return `Le montant ne peut pas être supérieur à ${remaining}.`;
}

// ---------------------------------------------------------------- field helpers
/** validate_time: HH:MM or HH:MM:SS (SPEC.md section 5). */
export const PAYMENT_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type DonationFields = {
  donation_type?: DonationType;
  recipient_first_name?: string;
  recipient_last_name?: string;
  recipient_company_name?: string;
  recipient_company_email?: string;
  recipient_entity_type?: RecipientEntityType | '';
  recipient_entity_id?: number | string | null;
};

/** The rules of SPEC.md section 5 per donation type (shared by the API body and the SPA form). */
export function checkDonationFields(line: DonationFields, ctx: z.RefinementCtx): void {
  const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
  switch (line.donation_type) {
    case 'individual':
      if (blank(line.recipient_first_name))
        ctx.addIssue({ code: 'custom', path: ['recipient_first_name'], message: M.firstNameRequired });
      if (blank(line.recipient_last_name))
        ctx.addIssue({ code: 'custom', path: ['recipient_last_name'], message: M.lastNameRequired });
      break;
    case 'legal_entity':
      if (blank(line.recipient_company_name))
        ctx.addIssue({ code: 'custom', path: ['recipient_company_name'], message: M.companyNameRequired });
      if (
        !blank(line.recipient_company_email) &&
        !EMAIL_PATTERN.test(String(line.recipient_company_email).trim())
      )
        ctx.addIssue({ code: 'custom', path: ['recipient_company_email'], message: M.emailInvalid });
      break;
    case 'system_entity':
      if (blank(line.recipient_entity_type))
        ctx.addIssue({
          code: 'custom',
          path: ['recipient_entity_type'],
          message: M.recipientEntityTypeRequired,
        });
      else if (line.recipient_entity_type !== 'national_office' && blank(line.recipient_entity_id))
        ctx.addIssue({ code: 'custom', path: ['recipient_entity_id'], message: M.recipientEntityRequired });
      break;
    default:
      break;
  }
}
/** The keys kept per donation type ('Only fields relevant to the type are sent', SPEC.md section 5). */
export const DONATION_FIELDS: Record<DonationType, readonly (keyof ExpenseLineBody)[]> = {
  none: [],
  individual: [
    'is_anonymous',
    'notes',
    'recipient_first_name',
    'recipient_last_name',
    'recipient_phone',
    'recipient_address',
  ],
  legal_entity: [
    'is_anonymous',
    'notes',
    'recipient_company_name',
    'recipient_registration_number',
    'recipient_tax_id',
    'recipient_company_address',
    'recipient_company_phone',
    'recipient_company_email',
  ],
  system_entity: ['notes', 'recipient_entity_type', 'recipient_entity_id'],
};

// ---------------------------------------------------------------- expense request (input)

/** The orders of a list of expense requests (`?sort=amount&order=desc`); newest expense first by default. */
export const EXPENSE_REQUEST_SORTS = ['date', 'reference', 'title', 'amount', 'paid', 'status'] as const;
export type ExpenseRequestSort = (typeof EXPENSE_REQUEST_SORTS)[number];
