/** The zod-free part of contract/org.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const ORG_MESSAGES = {
  nameShort: 'Le nom doit contenir au moins 2 caractères.',
  nameLong: 'Le nom ne doit pas dépasser 150 caractères.',
  nameChars:
    "Le nom ne peut contenir que des lettres, des chiffres, des espaces et les signes - ' . , ( ) & /.",
  phone: 'Le numéro de téléphone doit contenir de 6 à 20 chiffres (espaces, +, -, points permis).',
  email: "L'adresse e-mail n'est pas valide.",
  regionNameTaken: 'Une région de ce bureau national porte déjà ce nom.',
  sectionNameTaken: 'Une section de cette région porte déjà ce nom.',
  churchNameTaken: 'Une église de cette section porte déjà ce nom.',
  nationalOfficeNameTaken: 'Un bureau national porte déjà ce nom.',
  archivedParent: "Impossible d'ajouter ou de déplacer sous une entité archivée.",
  archived: 'Cette entité est archivée : restaurez-la avant de la modifier.',
  sameSection: "L'église est déjà dans cette section.",
  moveBeforeLast: "La date d'effet doit suivre celle du dernier déplacement de l'église.",
  moveDateRequired: "La date d'effet est requise.",
  activeChildren: {
    national_office: 'Ce bureau national a encore des régions actives : archivez-les d’abord.',
    region: 'Cette région a encore des sections actives : archivez-les ou déplacez leurs églises d’abord.',
    section: 'Cette section a encore des églises actives : déplacez-les ou archivez-les d’abord.',
    church: '',
  },
  notArchived: "Cette entité n'est pas archivée.",
  alreadyArchived: 'Cette entité est déjà archivée.',
  deleted: 'Supprimée : rien n’y était rattaché.',
  archivedDone: 'Archivée : elle a des membres, des postes ou des opérations, son historique est conservé.',
  superAdminOnly: 'Seul un super-administrateur peut gérer les bureaux nationaux.',
  nameLetters: 'Le nom doit contenir au moins 2 lettres.',
} as const;
/** The required-name message of each level (the forms say the same). */
export const ORG_NAME_REQUIRED = {
  national_office: 'Le nom du bureau national est requis.',
  region: 'Le nom de la région est requis.',
  section: 'Le nom de la section est requis.',
  church: "Le nom de l'église est requis.",
} as const;

/**
 * The orders of the organisation's lists (`?sort=churches&order=desc`); by name by default, as before.
 * `city` puts the entities without a city last both ways; the counts are those of the active entities
 * below, as the rows show them.
 */
export const NATIONAL_OFFICE_SORTS = [
  'name',
  'city',
  'regions',
  'sections',
  'churches',
  'created_at',
] as const;
export type NationalOfficeSort = (typeof NATIONAL_OFFICE_SORTS)[number];
export const REGION_SORTS = [
  'name',
  'city',
  'national_office',
  'sections',
  'churches',
  'created_at',
] as const;
export type RegionSort = (typeof REGION_SORTS)[number];
export const SECTION_SORTS = ['name', 'city', 'region', 'churches', 'created_at'] as const;
export type SectionSort = (typeof SECTION_SORTS)[number];
export const CHURCH_SORTS = ['name', 'city', 'section', 'region', 'created_at'] as const;
export type ChurchSort = (typeof CHURCH_SORTS)[number];
