import type { Account } from '@contract/auth';

/** The part of the account that decides levels and spaces. */
export type RoleHolder = Pick<
  Account,
  'roles' | 'is_super_admin' | 'church' | 'section' | 'region' | 'nationalOffice'
>;

export type LeaderLevel = 'national-office' | 'region' | 'section' | 'church';

const codes = (account: RoleHolder) => account.roles.map((role) => role.code);

export function hasRole(account: RoleHolder, code: string): boolean {
  return codes(account).includes(code);
}

function hasPrefix(account: RoleHolder, ...prefixes: string[]): boolean {
  return codes(account).some((code) => prefixes.some((prefix) => code.startsWith(prefix)));
}

export function isAdmin(account: RoleHolder): boolean {
  return account.is_super_admin || hasRole(account, 'admin');
}

export function isExternalAccountant(account: RoleHolder): boolean {
  return hasRole(account, 'external-accountant');
}

/**
 * SPEC.md section 6: a user is of a level when holding a role with that level's prefix AND the
 * matching context is set (ngo:: counts as national office).
 */
export function hasLevel(account: RoleHolder, level: LeaderLevel): boolean {
  switch (level) {
    case 'national-office':
      return hasPrefix(account, 'national_office::', 'ngo::') && account.nationalOffice != null;
    case 'region':
      return hasPrefix(account, 'region::') && account.region != null;
    case 'section':
      return hasPrefix(account, 'section::') && account.section != null;
    case 'church':
      return hasPrefix(account, 'church::') && account.church != null;
  }
}

/** Role codes in display priority (the first held wins), with their French label. */
export const ROLE_LABELS: ReadonlyArray<readonly [code: string, label: string]> = [
  ['admin', 'Administrateur'],
  ['national_office::president', 'Président national'],
  ['national_office::tresorier-general', 'Trésorier général'],
  ['national_office::secretaire-general', 'Secrétaire général'],
  ['region::president', 'Président de région'],
  ['region::tresorier', 'Trésorier de région'],
  ['region::secretaire', 'Secrétaire de région'],
  ['section::representant', 'Représentant de section'],
  ['section::tresorier-sectoriel', 'Trésorier sectoriel'],
  ['section::secretaire-sectoriel', 'Secrétaire sectoriel'],
  ['church::pasteur-titulaire', 'Pasteur titulaire'],
  ['church::pasteur-adjoint', 'Pasteur adjoint'],
  ['church::tresorier-general', 'Trésorier général'],
  ['church::tresorier-general-adjoint', 'Trésorier général adjoint'],
  ['church::secretaire-general', 'Secrétaire général'],
  ['church::secretaire-general-adjoint', 'Secrétaire général adjoint'],
  ['church::comptable', 'Comptable'],
  ['church::secretaire-comptable', 'Secrétaire comptable'],
  ['church::secretaire-caissiere', 'Secrétaire caissière'],
  ['church::charge-d-affaires-administratives', "Chargé d'affaires administratives"],
  ['church::charge-du-patrimoine', 'Chargé du patrimoine'],
  ['church::charge-du-developpement', 'Chargé du développement'],
  ['church::conseiller', 'Conseiller'],
  ['church::pasteur-stagiaire', 'Pasteur stagiaire'],
  ['church::etudiant-pasteur', 'Étudiant pasteur'],
  ['external-accountant', 'Comptable externe'],
  ['faithful', 'Fidèle'],
];

const KNOWN_RANK = new Map(ROLE_LABELS.map(([code], index) => [code, index]));

/** A role this list does not know (e.g. an ngo:: position) ranks after the known roles of its level. */
function rankOf(code: string): number {
  const known = KNOWN_RANK.get(code);
  if (known !== undefined) return known;
  const level = code.startsWith('ngo::') ? 'national_office::' : code.slice(0, code.indexOf('::') + 2);
  let last = -1;
  ROLE_LABELS.forEach(([known], index) => {
    if (level !== '' && known.startsWith(level)) last = index;
  });
  return last >= 0 ? last + 0.5 : KNOWN_RANK.get('faithful')! - 0.5;
}

/** The one French label shown for the user: the held role of highest priority. */
export function roleLabel(account: Pick<Account, 'roles' | 'is_super_admin'>): string {
  if (account.is_super_admin && !account.roles.some((role) => role.code === 'admin')) return 'Administrateur';
  const [first] = [...account.roles].sort((a, b) => rankOf(a.code) - rankOf(b.code));
  if (!first) return 'Fidèle';
  return ROLE_LABELS[KNOWN_RANK.get(first.code) ?? -1]?.[1] ?? first.name;
}

export type SpaceKey =
  'admin' | 'accountant' | 'national-office' | 'region' | 'section' | 'church' | 'personal';

export type SpaceLink = {
  key: SpaceKey;
  label: string;
  path: string;
  /** the group the space works on, e.g. the region's name */
  detail?: string;
};

/** The prefix of each space (the personal space has none: its home is /dashboard). */
export const SPACE_HOME: Record<SpaceKey, string> = {
  admin: '/admin',
  accountant: '/espace-comptable',
  'national-office': '/mon-bureau-national',
  region: '/ma-region',
  section: '/ma-section',
  church: '/mon-eglise',
  personal: '/dashboard',
};

/** Whether the account may open a space (the guards use this). */
export function canOpenSpace(account: RoleHolder, space: SpaceKey): boolean {
  switch (space) {
    case 'admin':
      return isAdmin(account);
    case 'accountant':
      return isExternalAccountant(account);
    case 'personal':
      return true;
    default:
      return hasLevel(account, space);
  }
}

/** The spaces the user may open, in the order of preference; the first is their home. */
export function spacesOf(account: RoleHolder): SpaceLink[] {
  const spaces: SpaceLink[] = [];
  if (isAdmin(account)) spaces.push({ key: 'admin', label: 'Administration', path: SPACE_HOME.admin });
  if (isExternalAccountant(account)) {
    spaces.push({ key: 'accountant', label: 'Espace comptable', path: SPACE_HOME.accountant });
  }
  if (hasLevel(account, 'national-office')) {
    spaces.push({
      key: 'national-office',
      label: 'Bureau national',
      path: SPACE_HOME['national-office'],
      detail: account.nationalOffice?.name,
    });
  }
  if (hasLevel(account, 'region')) {
    spaces.push({ key: 'region', label: 'Ma région', path: SPACE_HOME.region, detail: account.region?.name });
  }
  if (hasLevel(account, 'section')) {
    spaces.push({
      key: 'section',
      label: 'Ma section',
      path: SPACE_HOME.section,
      detail: account.section?.name,
    });
  }
  if (hasLevel(account, 'church')) {
    spaces.push({
      key: 'church',
      label: 'Mon église',
      path: SPACE_HOME.church,
      detail: account.church?.name,
    });
  }
  spaces.push({ key: 'personal', label: 'Espace personnel', path: SPACE_HOME.personal });
  return spaces;
}

/** Where / sends the user: their first space. */
export function homePathOf(account: RoleHolder | null | undefined): string {
  return account ? spacesOf(account)[0].path : '/connexion';
}
