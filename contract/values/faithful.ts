/** The zod-free part of contract/faithful.ts (re-exported there): what the SPA may import without zod (decision 0023). */

// ---------------------------------------------------------------- shared field rules

/** Phone as stored: digits with an optional leading '+' (spaces, dots, dashes and brackets removed). */
export function normalizePhone(value: string): string {
  return value.replace(/[\s.\-()/]/g, '');
}
export const PHONE_PATTERN = /^\+?\d{8,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const REGISTRATION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-_/.]{0,49}$/;
export const EARLIEST_BIRTH_DATE = '1900-01-01';

export const FAITHFUL_MESSAGES = {
  firstnameRequired: 'Le prénom est requis.',
  lastnameRequired: 'Le nom est requis.',
  nameTooLong: 'Ce champ ne doit pas dépasser 100 caractères.',
  phoneInvalid: 'Numéro de téléphone invalide.',
  emailInvalid: 'Format email invalide',
  registrationInvalid: 'Matricule invalide (lettres, chiffres, tirets ; 50 caractères au plus).',
  genderInvalid: 'Le sexe doit être M ou F.',
  birthDateInvalid: 'Date de naissance invalide (AAAA-MM-JJ).',
  birthDateTooEarly: 'La date de naissance ne peut pas être antérieure au 01/01/1900.',
  birthDateFuture: 'La date de naissance ne peut pas être dans le futur.',
  addressTooLong: "L'adresse ne doit pas dépasser 250 caractères.",
  churchRequired: "L'église est requise.",
  phoneTaken: 'Ce numéro de téléphone est déjà utilisé.',
  emailTaken: 'Cette adresse email est déjà utilisée.',
  registrationTaken: 'Ce matricule est déjà utilisé.',
} as const;

export const GENDERS = ['M', 'F'] as const;
/** Today as YYYY-MM-DD (UTC): a birth date may not be after it. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (no 31 February). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A birth date's first problem, or null: format, then earliest date, then future. */
export function birthDateProblem(value: string): string | null {
  if (!isCalendarDate(value)) return FAITHFUL_MESSAGES.birthDateInvalid;
  if (value < EARLIEST_BIRTH_DATE) return FAITHFUL_MESSAGES.birthDateTooEarly;
  if (value > today()) return FAITHFUL_MESSAGES.birthDateFuture;
  return null;
}
// ---------------------------------------------------------------- import

/**
 * The import's limits: the file's size, its rows of faithful, and what a spreadsheet may inflate to in
 * all (the parts read of an .xlsx, which is a zip; decision 0041).
 */
export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 5000,
  maxInflatedBytes: 16 * 1024 * 1024,
} as const;
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;

/**
 * The columns of an import file, by header (accents, case and spaces ignored). The first row is the
 * header row; 'Prénom' and 'Nom' are required columns.
 */
export const IMPORT_COLUMNS = [
  { field: 'firstname', header: 'Prénom' },
  { field: 'lastname', header: 'Nom' },
  { field: 'phone', header: 'Téléphone' },
  { field: 'email', header: 'Email' },
  { field: 'registration_number', header: 'Matricule' },
  { field: 'gender', header: 'Sexe' },
  { field: 'birth_date', header: 'Date de naissance' },
  { field: 'address', header: 'Adresse' },
] as const;
export const TRANSFER_MESSAGES = {
  usersRequired: 'Sélectionnez au moins un fidèle.',
  tooManyUsers: 'Vous ne pouvez pas transférer plus de 100 fidèles à la fois.',
  destinationRequired: "L'église de destination est requise.",
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères.',
} as const;

/** The orders of a list of faithful (`?sort=registration_number`); by name (last, first) by default. */
export const FAITHFUL_SORTS = ['name', 'registration_number', 'phone', 'email', 'created_at'] as const;
export type FaithfulSort = (typeof FAITHFUL_SORTS)[number];
