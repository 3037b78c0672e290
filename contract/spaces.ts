/**
 * Where each space's pages stand (ROUTES.md): the SPA loads a space's route tree for these paths
 * (src/app/routes.tsx), and the server preloads that tree's code with the page (server/src/http/spa.ts).
 * The key is the folder of the space's routes: src/spaces/<key>/routes.tsx.
 */
export const SPACE_PREFIXES = {
  admin: ['/admin'],
  accountant: ['/espace-comptable'],
  'national-office': ['/mon-bureau-national'],
  region: ['/ma-region'],
  section: ['/ma-section'],
  church: ['/mon-eglise'],
  // the personal space has no prefix of its own: its first segments
  personal: [
    '/dashboard',
    '/mes-contributions',
    '/mon-profil',
    '/mes-requetes',
    '/notifications',
    '/departements',
  ],
} as const;

export type SpaceFolder = keyof typeof SPACE_PREFIXES;

/** The space whose pages include `pathname`, or null (the public pages). */
export function spaceOfPath(pathname: string): SpaceFolder | null {
  for (const [space, prefixes] of Object.entries(SPACE_PREFIXES) as [SpaceFolder, readonly string[]][]) {
    if (prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return space;
  }
  return null;
}
