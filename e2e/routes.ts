/**
 * Every route of ROUTES.md (docs: /work/shared/spec/ROUTES.md, copied in the issues), opened by the
 * accessibility sweep (e2e/accessibility.spec.ts) as a suitable demo account, with real ids of the demo
 * seed (server/src/db/seed/demo.ts is deterministic). tests/web/app/route-table.test.ts checks this
 * table against the spaces' route trees: a route marked built must be registered, a route marked
 * `pending` must not be (so a new page fails that test until its line is switched on here).
 *
 * Adding a page is one line: `r('/mon-eglise/budgets/:budgetId', 'tresorier')`, with its ids in IDS
 * when the account has none for that parameter yet. A line `pending('...', 'feature')` becomes `r(...)`
 * once the page is built.
 */

/** The demo accounts of README.md (password demo1234); 'guest' is nobody signed in. */
export type Account =
  'guest' | 'admin' | 'national' | 'region' | 'section' | 'tresorier' | 'pasteur' | 'comptable' | 'fidele';

/** A dialog the sweep opens on a route: what to click, in order, to open it. */
export type DialogCase = {
  name: string;
  open: (page: Page) => Locator[];
};

export type RouteCase = {
  /** the route as ROUTES.md writes it, e.g. '/ma-region/sections/:sectionId' */
  route: string;
  /** the URL opened (the route with the account's ids) */
  path: string;
  as: Account;
  /** where the page lands when it sends the user on (the index '/') */
  landsOn?: string;
  dialogs?: DialogCase[];
  /** not built yet: the feature (issue) that will build it */
  pending?: string;
  /**
   * ids read from the API when the seed's ids move with the day it runs (contributions and expense
   * requests are seeded up to today): parameter -> a list call whose first row's id is used, as the
   * route's account; `account:` before the call makes it as that account, `#field` after it reads that
   * field of the row instead of its id.
   */
  resolve?: Record<string, string>;
};

import type { Locator, Page } from '@playwright/test';

/**
 * Seed ids per account: the parameters of the routes each account opens. The organisation's ids are
 * fixed by the seed; the ids of what is seeded up to today (expense requests, contributions) move with
 * the day the seed runs, so they are read from the API (LOOKUPS) when the sweep opens the route.
 */
const IDS: Record<Account, Record<string, string | number>> = {
  guest: {},
  admin: { id: 1, faithfullId: 9 }, // national office 1, department 3 (Chorale of church 1), fidele@
  national: {
    id: 102, // department 'Femmes pour Christ' of the national office
    regionId: 1, // Région Abidjan
    sectionId: 1, // Section Abidjan-Nord
    churchId: 1, // Église Évangélique de la Grâce de Cocody-Angré
    faithfullId: 9, // fidele@ (church 1)
  },
  region: { sectionId: 1, churchId: 2, faithfullId: 3 }, // church 2: Temple Béthel
  section: { churchId: 2, faithfullId: 3 },
  tresorier: { id: 3, faithfullId: 9 }, // department 3
  pasteur: { id: 3 }, // department 3: the Chorale of church 1
  comptable: { id: 1 }, // church 1, one of the three managed churches
  fidele: {},
};

const LOOKUPS: Partial<Record<Account, Record<string, string>>> = {
  // the public id of fidele@'s latest contribution: its receipt
  guest: { id: 'fidele:/api/contributions?mine=true&limit=1#public_id' },
  national: {
    expenseId: '/api/expense-requests?entity_type=NATIONAL_OFFICE&entity_id=1&limit=1',
    regionExpenseId: '/api/expense-requests?entity_type=REGION&entity_id=1&limit=1',
  },
  region: { expenseId: '/api/expense-requests?entity_type=REGION&entity_id=1&limit=1' },
  section: { expenseId: '/api/expense-requests?entity_type=SECTION&entity_id=1&limit=1' },
  // an approved request the treasurer pays (the 'Payer' dialog)
  tresorier: { expenseId: '/api/expense-requests?status=approved&limit=1' },
  pasteur: { expenseId: '/api/expense-requests?entity_type=CHURCH&entity_id=1&limit=1' },
  comptable: { expenseId: '/api/expense-requests?entity_type=CHURCH&entity_id=1&limit=1' },
  fidele: { id: '/api/contributions?mine=true&limit=1' }, // fidele@'s latest contribution
};

const fill = (route: string, as: Account, resolved: string[] = []): string =>
  route.replace(/:([A-Za-z]+)/g, (match, name: string) => {
    if (resolved.includes(name)) return match; // read from the API when the sweep opens it
    const value = IDS[as][name];
    if (value === undefined) throw new Error(`e2e/routes.ts: no id '${name}' for ${as} (route ${route})`);
    return String(value);
  });

/** A built route, opened as `as`. */
const r = (
  route: string,
  as: Account,
  extra: Partial<Pick<RouteCase, 'dialogs' | 'landsOn' | 'resolve'>> = {},
): RouteCase => {
  const names = [...route.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const looked = Object.fromEntries(
    names.flatMap((name) => (LOOKUPS[as]?.[name] ? [[name, LOOKUPS[as][name]]] : [])),
  );
  const resolve = { ...looked, ...extra.resolve };
  return {
    route,
    path: fill(route, as, Object.keys(resolve)),
    as,
    ...extra,
    ...(Object.keys(resolve).length ? { resolve } : {}),
  };
};

// Every route of ROUTES.md is built: the `pending` marker of RouteCase stays for a route that a
// future issue adds before its page (a line `{ route, path: route, as: 'guest', pending: 'feature' }`).

// Dialogs opened where they live (the sweep checks them open, then focus back on Escape).
const PERMISSIONS: DialogCase = {
  name: 'permissions',
  open: (page) => [
    page.getByRole('button', { name: /^Actions pour / }).first(),
    page.getByRole('menuitem', { name: 'Gérer les permissions' }),
  ],
};
const PAYMENT: DialogCase = {
  name: 'payment',
  open: (page) => [page.getByRole('button', { name: /^Payer / }).first()],
};
const PAYSLIP_PAYMENT: DialogCase = {
  name: 'payslip payment',
  open: (page) => [page.getByRole('button', { name: 'Payer', exact: true })],
};
const EMPLOYEE: DialogCase = {
  name: 'employee',
  open: (page) => [page.getByRole('button', { name: 'Nouvel employé' })],
};
const RECEIPT: DialogCase = {
  name: 'receipt',
  // a row of the list (a table row at 1366 px, a card on a phone: both carry data-row)
  open: (page) => [page.locator('[data-row]:visible').first()],
};

export const ROUTE_TABLE: RouteCase[] = [
  // Public
  r('/', 'guest', { landsOn: '/connexion' }),
  r('/connexion', 'guest'),
  r('/receipt/:id', 'guest'),
  r('/access-refuse', 'fidele'),

  // Accountant space
  r('/espace-comptable', 'comptable'),
  r('/espace-comptable/eglise/:id', 'comptable'),
  r('/espace-comptable/eglise/:id/recettes', 'comptable'),
  r('/espace-comptable/recettes/nouvelle', 'comptable'),
  r('/espace-comptable/depenses', 'comptable'),
  r('/espace-comptable/depenses/nouveau', 'comptable'),
  r('/espace-comptable/depenses/:expenseId', 'comptable'),
  r('/espace-comptable/journaux', 'comptable'),
  r('/espace-comptable/journaux-dun-compte', 'comptable'),
  r('/espace-comptable/journal-de-tresorerie/:id', 'comptable'),
  r('/espace-comptable/rapport-financier', 'comptable'),
  // the back office of a church the accountant manages (decision 0048)
  r('/espace-comptable/eglise/:id/immobilisations', 'comptable'),
  r('/espace-comptable/eglise/:id/immobilisations/:assetId', 'comptable', {
    resolve: { assetId: '/api/fixed-assets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/espace-comptable/eglise/:id/fiches-de-paie', 'comptable'),
  r('/espace-comptable/eglise/:id/employes', 'comptable'),
  r('/espace-comptable/eglise/:id/reports-a-nouveau', 'comptable'),

  // Admin space
  r('/admin', 'admin'),
  r('/admin/bureaux-nationaux', 'admin'),
  r('/admin/bureaux-nationaux/:id', 'admin'),
  r('/admin/bureaux-nationaux/:id/comptes-interdits', 'admin'),
  r('/admin/bureaux-nationaux/:id/membres', 'admin'),
  r('/admin/parametres-paiement', 'admin'),
  r('/admin/bureaux-nationaux/:id/souscriptions', 'admin'),
  r('/admin/bureaux-nationaux/:id/souscriptions/:subscriptionId', 'admin', {
    resolve: { subscriptionId: '/api/subscriptions?national_office_id=1&limit=1' },
  }),
  r('/admin/regions', 'admin'),
  r('/admin/sections', 'admin'),
  r('/admin/eglises', 'admin'),
  r('/admin/fideles', 'admin'),
  r('/admin/fideles/nouveau', 'admin'),
  r('/admin/fideles/:faithfullId', 'admin'),
  r('/admin/fideles/:faithfullId/modifier', 'admin'),
  r('/admin/fideles/:faithfullId/contributions', 'admin'),
  r('/admin/responsables', 'admin'),
  r('/admin/comptables-externes', 'admin'),
  r('/admin/comptes-operation', 'admin'),
  r('/admin/comptes-operation/autorisations', 'admin'),
  r('/admin/comptes-operation/:id', 'admin', { resolve: { id: '/api/operation-accounts' } }),
  r('/admin/modeles-budget', 'admin'),
  r('/admin/journal-audit', 'admin'),
  r('/admin/sauvegardes', 'admin'),
  r('/admin/departements', 'admin'),
  r('/admin/departements/:id/dashboard', 'admin'),
  r('/admin/departements/:id/membres', 'admin'),
  r('/admin/departements/:id/contributions', 'admin'),
  r('/admin/departements/:id/depenses', 'admin'),
  r('/admin/departements/:id/activites', 'admin'),
  r('/admin/notifications', 'admin'),

  // Church space
  r('/mon-eglise', 'tresorier'),
  r('/mon-eglise/recettes', 'tresorier', { dialogs: [RECEIPT] }),
  r('/mon-eglise/recettes/nouvelle', 'tresorier'),
  r('/mon-eglise/depenses', 'tresorier'),
  r('/mon-eglise/depenses/nouveau', 'tresorier'),
  r('/mon-eglise/depenses/:expenseId', 'tresorier', { dialogs: [PAYMENT] }),
  r('/mon-eglise/activites-planifiees', 'pasteur'),
  r('/mon-eglise/activites-planifiees/nouveau', 'pasteur'),
  r('/mon-eglise/activites-planifiees/:id', 'pasteur', {
    resolve: { id: '/api/activities?entity_type=CHURCH&entity_id=1' },
  }),
  r('/mon-eglise/rapports-activites', 'pasteur'),
  r('/mon-eglise/rapports-activites/nouveau', 'pasteur'),
  r('/mon-eglise/rapport-activites', 'pasteur'),
  r('/mon-eglise/rapport-activites/nouveau', 'pasteur'),
  r('/mon-eglise/rapport-activites/:reportId', 'pasteur', {
    resolve: { reportId: '/api/activity-reports?entity_type=CHURCH&entity_id=1&scope=own' },
  }),
  r('/mon-eglise/rapport-activites/:reportId/modifier', 'pasteur', {
    resolve: { reportId: '/api/activity-reports?entity_type=CHURCH&entity_id=1&scope=own' },
  }),
  r('/mon-eglise/responsables', 'pasteur'),
  r('/mon-eglise/comptes-de-recettes', 'tresorier'),
  r('/mon-eglise/paiements-en-ligne', 'tresorier'),
  r('/mon-eglise/parametres-paiement', 'tresorier'),
  r('/mon-eglise/souscriptions', 'tresorier'),
  r('/mon-eglise/souscriptions/:subscriptionId', 'tresorier', {
    resolve: { subscriptionId: '/api/subscriptions?church_id=1&limit=1' },
  }),
  r('/mon-eglise/fideles', 'tresorier'),
  r('/mon-eglise/fideles/nouveau', 'tresorier'),
  r('/mon-eglise/fideles/transfert', 'tresorier'),
  r('/mon-eglise/fideles/:faithfullId', 'tresorier'),
  r('/mon-eglise/fideles/:faithfullId/modifier', 'tresorier'),
  r('/mon-eglise/fideles/:faithfullId/contributions', 'tresorier'),
  r('/mon-eglise/notifications', 'tresorier'),
  r('/mon-eglise/budget', 'tresorier'),
  r('/mon-eglise/budgets', 'tresorier'),
  r('/mon-eglise/budgets/:budgetId', 'tresorier', {
    resolve: { budgetId: '/api/budgets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/mon-eglise/departements', 'pasteur'),
  r('/mon-eglise/departements/:id/dashboard', 'pasteur'),
  // the church's own back office (decision 0048)
  r('/mon-eglise/immobilisations', 'tresorier'),
  r('/mon-eglise/immobilisations/nouveau', 'tresorier'),
  r('/mon-eglise/immobilisations/:assetId', 'tresorier', {
    resolve: { assetId: '/api/fixed-assets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/mon-eglise/immobilisations/:assetId/modifier', 'tresorier', {
    resolve: { assetId: '/api/fixed-assets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/mon-eglise/fiches-de-paie', 'tresorier'),
  r('/mon-eglise/fiches-de-paie/nouveau', 'tresorier'),
  // the first payslip of the church: last month's, left unpaid by the seed ('Payer')
  r('/mon-eglise/fiches-de-paie/:payslipId/modifier', 'tresorier', {
    resolve: { payslipId: '/api/payslips?entity_type=CHURCH&entity_id=1' },
    dialogs: [PAYSLIP_PAYMENT],
  }),
  r('/mon-eglise/employes', 'tresorier', { dialogs: [EMPLOYEE] }),
  r('/mon-eglise/reports-a-nouveau', 'tresorier'),
  r('/mon-eglise/pieces-comptables', 'tresorier'),
  r('/mon-eglise/pieces-comptables/journaux', 'tresorier'),
  r('/mon-eglise/pieces-comptables/journaux-dun-compte', 'tresorier'),
  r('/mon-eglise/pieces-comptables/journal-de-tresorerie', 'tresorier'),
  r('/mon-eglise/pieces-comptables/rapport-financier', 'tresorier'),

  // Personal space
  r('/dashboard', 'fidele'),
  r('/mes-contributions', 'fidele'),
  r('/mes-contributions/:id', 'fidele'),
  r('/mes-contributions/donner', 'fidele'),
  r('/mon-profil', 'fidele'),
  r('/mes-requetes', 'tresorier'),
  r('/notifications', 'fidele'),
  r('/departements/:id/dashboard', 'tresorier'),
  r('/departements/:id/contributions', 'tresorier'),
  r('/departements/:id/depenses', 'tresorier'),
  r('/departements/:id/activites', 'tresorier'),

  // National office space
  r('/mon-bureau-national', 'national'),
  r('/mon-bureau-national/rapport-activites', 'national'),
  r('/mon-bureau-national/rapport-activites/nouveau', 'national'),
  r('/mon-bureau-national/rapport-activites/:reportId', 'national', {
    resolve: { reportId: '/api/activity-reports?entity_type=NATIONAL_OFFICE&entity_id=1' },
  }),
  r('/mon-bureau-national/rapport-activites/:reportId/modifier', 'national', {
    resolve: { reportId: '/api/activity-reports?entity_type=NATIONAL_OFFICE&entity_id=1' },
  }),
  r('/mon-bureau-national/souscriptions', 'national'),
  r('/mon-bureau-national/souscriptions/:subscriptionId', 'national', {
    resolve: { subscriptionId: '/api/subscriptions?national_office_id=1&limit=1' },
  }),
  r('/mon-bureau-national/notifications', 'national'),
  r('/mon-bureau-national/membres', 'national'),
  r('/mon-bureau-national/activites', 'national'),
  r('/mon-bureau-national/eglises', 'national'),
  r('/mon-bureau-national/fideles', 'national'),
  r('/mon-bureau-national/departements', 'national'),
  r('/mon-bureau-national/departements/:id/dashboard', 'national'),
  r('/mon-bureau-national/departements/:id/membres', 'national'),
  r('/mon-bureau-national/departements/:id/contributions', 'national'),
  r('/mon-bureau-national/departements/:id/depenses', 'national'),
  r('/mon-bureau-national/departements/:id/activites', 'national'),
  r('/mon-bureau-national/espace-comptable', 'national'),
  r('/mon-bureau-national/espace-comptable/recettes', 'national'),
  r('/mon-bureau-national/espace-comptable/recettes/nouvelle', 'national'),
  r('/mon-bureau-national/espace-comptable/depenses', 'national'),
  r('/mon-bureau-national/espace-comptable/depenses/nouveau', 'national'),
  r('/mon-bureau-national/espace-comptable/depenses/:expenseId', 'national'),
  r('/mon-bureau-national/espace-comptable/reports-a-nouveau', 'national'),
  r('/mon-bureau-national/espace-comptable/reports-a-nouveau/:id', 'national', {
    resolve: { id: '/api/closings?entity_type=NATIONAL_OFFICE&entity_id=1' },
  }),
  r('/mon-bureau-national/espace-comptable/pieces-comptables', 'national'),
  r('/mon-bureau-national/espace-comptable/pieces-comptables/journaux', 'national'),
  r('/mon-bureau-national/espace-comptable/pieces-comptables/journaux-dun-compte', 'national'),
  r('/mon-bureau-national/espace-comptable/pieces-comptables/journal-de-tresorerie', 'national'),
  r('/mon-bureau-national/espace-comptable/pieces-comptables/rapport-financier', 'national'),
  r('/mon-bureau-national/espace-comptable/immobilisations', 'national'),
  r('/mon-bureau-national/espace-comptable/immobilisations/nouveau', 'national'),
  r('/mon-bureau-national/espace-comptable/immobilisations/:assetId', 'national', {
    resolve: { assetId: '/api/fixed-assets?entity_type=NATIONAL_OFFICE&entity_id=1' },
  }),
  r('/mon-bureau-national/espace-comptable/immobilisations/:assetId/modifier', 'national', {
    resolve: { assetId: '/api/fixed-assets?entity_type=NATIONAL_OFFICE&entity_id=1' },
  }),
  r('/mon-bureau-national/espace-comptable/budget', 'national'),
  r('/mon-bureau-national/espace-comptable/budgets', 'national'),
  r('/mon-bureau-national/espace-comptable/budgets/:budgetId', 'national', {
    resolve: { budgetId: '/api/budgets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/mon-bureau-national/espace-comptable/fiches-de-paie', 'national'),
  r('/mon-bureau-national/espace-comptable/journal-audit', 'national'),
  r('/mon-bureau-national/espace-comptable/fiches-de-paie/nouveau', 'national'),
  // the first payslip of the office: last month's, left unpaid by the seed ('Payer')
  r('/mon-bureau-national/espace-comptable/fiches-de-paie/:payslipId/modifier', 'national', {
    resolve: { payslipId: '/api/payslips?entity_type=NATIONAL_OFFICE&entity_id=1' },
    dialogs: [PAYSLIP_PAYMENT],
  }),
  r('/mon-bureau-national/espace-comptable/employes', 'national', { dialogs: [EMPLOYEE] }),
  r('/mon-bureau-national/regions', 'national'),
  r('/mon-bureau-national/regions/:regionId', 'national'),
  r('/mon-bureau-national/regions/:regionId/recettes', 'national'),
  r('/mon-bureau-national/regions/:regionId/depenses', 'national'),
  r('/mon-bureau-national/regions/:regionId/depenses/nouveau', 'national'),
  r('/mon-bureau-national/regions/:regionId/depenses/:regionExpenseId', 'national'),
  r('/mon-bureau-national/regions/:regionId/rapport-activites', 'national'),
  r('/mon-bureau-national/regions/:regionId/rapport-activites/nouveau', 'national'),
  r('/mon-bureau-national/regions/:regionId/rapport-activites/:reportId', 'national', {
    resolve: { reportId: '/api/activity-reports?entity_type=REGION&entity_id=1' },
  }),
  r('/mon-bureau-national/regions/:regionId/rapport-activites/:reportId/modifier', 'national', {
    resolve: { reportId: '/api/activity-reports?entity_type=REGION&entity_id=1' },
  }),
  r('/mon-bureau-national/regions/:regionId/membres', 'national'),
  r('/mon-bureau-national/regions/:regionId/sections', 'national'),
  r('/mon-bureau-national/sections/:sectionId', 'national'),
  r('/mon-bureau-national/sections/:sectionId/recettes', 'national'),
  r('/mon-bureau-national/sections/:sectionId/depenses', 'national'),
  r('/mon-bureau-national/sections/:sectionId/depenses/nouveau', 'national'),
  r('/mon-bureau-national/sections/:sectionId/rapport-activites', 'national'),
  r('/mon-bureau-national/sections/:sectionId/membres', 'national'),
  r('/mon-bureau-national/sections/:sectionId/eglises', 'national'),
  r('/mon-bureau-national/eglises/:churchId', 'national'),
  r('/mon-bureau-national/eglises/:churchId/groupe-activites', 'national'),
  r('/mon-bureau-national/eglises/:churchId/groupe-activites/nouveau', 'national'),
  r('/mon-bureau-national/eglises/:churchId/type-activites', 'national'),
  r('/mon-bureau-national/eglises/:churchId/type-activites/nouveau', 'national'),
  r('/mon-bureau-national/eglises/:churchId/rapport-activites', 'national'),
  r('/mon-bureau-national/eglises/:churchId/recettes', 'national'),
  r('/mon-bureau-national/eglises/:churchId/depenses', 'national'),
  r('/mon-bureau-national/eglises/:churchId/depenses/nouveau', 'national'),
  r('/mon-bureau-national/eglises/:churchId/membres', 'national'),
  r('/mon-bureau-national/eglises/:churchId/souscriptions', 'national'),
  r('/mon-bureau-national/eglises/:churchId/souscriptions/:subscriptionId', 'national', {
    resolve: { subscriptionId: '/api/subscriptions?church_id=1&limit=1' },
  }),
  r('/mon-bureau-national/eglises/:churchId/fideles', 'national'),
  r('/mon-bureau-national/eglises/:churchId/fideles/:faithfullId', 'national'),
  r('/mon-bureau-national/eglises/:churchId/fideles/:faithfullId/contributions', 'national'),

  // Region area
  r('/ma-region', 'region'),
  r('/ma-region/recettes', 'region'),
  r('/ma-region/recettes/nouvelle', 'region'),
  r('/ma-region/depenses', 'region'),
  r('/ma-region/depenses/nouveau', 'region'),
  r('/ma-region/creer-une-depense', 'region'),
  r('/ma-region/depenses/:expenseId', 'region'),
  r('/ma-region/rapport-activites', 'region'),
  r('/ma-region/rapport-activites/nouveau', 'region'),
  r('/ma-region/rapport-activites/:reportId', 'region', {
    resolve: { reportId: '/api/activity-reports?entity_type=REGION&entity_id=1' },
  }),
  r('/ma-region/rapport-activites/:reportId/modifier', 'region', {
    resolve: { reportId: '/api/activity-reports?entity_type=REGION&entity_id=1' },
  }),
  r('/ma-region/notifications', 'region'),
  r('/ma-region/membres', 'region', { dialogs: [PERMISSIONS] }),
  r('/ma-region/budget', 'region'),
  r('/ma-region/budgets', 'region'),
  r('/ma-region/budgets/:budgetId', 'region', {
    resolve: { budgetId: '/api/budgets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/ma-region/departements', 'region'),
  r('/ma-region/eglises', 'region'),
  r('/ma-region/fideles', 'region'),
  r('/ma-region/sections', 'region'),
  r('/ma-region/sections/:sectionId', 'region'),
  r('/ma-region/sections/:sectionId/recettes', 'region'),
  r('/ma-region/sections/:sectionId/depenses', 'region'),
  r('/ma-region/sections/:sectionId/membres', 'region'),
  r('/ma-region/sections/:sectionId/rapport-activites', 'region'),
  r('/ma-region/sections/:sectionId/rapport-activites/nouveau', 'region'),
  r('/ma-region/sections/:sectionId/rapport-activites/:reportId', 'region', {
    resolve: { reportId: '/api/activity-reports?entity_type=SECTION&entity_id=1' },
  }),
  r('/ma-region/sections/:sectionId/rapport-activites/:reportId/modifier', 'region', {
    resolve: { reportId: '/api/activity-reports?entity_type=SECTION&entity_id=1' },
  }),
  r('/ma-region/sections/:sectionId/eglises', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/rapport-activites', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/rapport-activites/nouveau', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/rapport-activites/:reportId', 'region', {
    resolve: { reportId: '/api/activity-reports?entity_type=CHURCH&entity_id=2' },
  }),
  r('/ma-region/sections/:sectionId/eglises/:churchId/rapport-activites/:reportId/modifier', 'region', {
    resolve: { reportId: '/api/activity-reports?entity_type=CHURCH&entity_id=2' },
  }),
  r('/ma-region/sections/:sectionId/eglises/:churchId/recettes', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/souscriptions', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/souscriptions/:subscriptionId', 'region', {
    resolve: { subscriptionId: '/api/subscriptions?church_id=2&limit=1' },
  }),
  r('/ma-region/sections/:sectionId/eglises/:churchId/depenses', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/membres', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/fideles', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/fideles/nouveau', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/fideles/:faithfullId', 'region'),
  r('/ma-region/sections/:sectionId/eglises/:churchId/fideles/:faithfullId/contributions', 'region'),

  // Section area
  r('/ma-section', 'section'),
  r('/ma-section/recettes', 'section'),
  r('/ma-section/recettes/nouvelle', 'section'),
  r('/ma-section/depenses', 'section'),
  r('/ma-section/depenses/nouveau', 'section'),
  r('/ma-section/depenses/:expenseId', 'section'),
  r('/ma-section/rapport-activites', 'section'),
  r('/ma-section/rapport-activites/nouveau', 'section'),
  r('/ma-section/rapport-activites/:reportId', 'section', {
    resolve: { reportId: '/api/activity-reports?entity_type=SECTION&entity_id=1' },
  }),
  r('/ma-section/rapport-activites/:reportId/modifier', 'section', {
    resolve: { reportId: '/api/activity-reports?entity_type=SECTION&entity_id=1' },
  }),
  r('/ma-section/notifications', 'section'),
  r('/ma-section/membres', 'section'),
  r('/ma-section/budget', 'section'),
  r('/ma-section/budgets', 'section'),
  r('/ma-section/budgets/:budgetId', 'section', {
    resolve: { budgetId: '/api/budgets?entity_type=CHURCH&entity_id=1' },
  }),
  r('/ma-section/departements', 'section'),
  r('/ma-section/departements/:id/dashboard', 'section', {
    resolve: { id: '/api/departments?entity_type=section&entity_id=1' },
  }),
  r('/ma-section/eglises', 'section'),
  r('/ma-section/eglises/:churchId', 'section'),
  r('/ma-section/eglises/:churchId/rapport-activites', 'section'),
  r('/ma-section/eglises/:churchId/recettes', 'section'),
  r('/ma-section/eglises/:churchId/depenses', 'section'),
  r('/ma-section/eglises/:churchId/membres', 'section'),
  r('/ma-section/eglises/:churchId/souscriptions', 'section'),
  r('/ma-section/eglises/:churchId/souscriptions/:subscriptionId', 'section', {
    resolve: { subscriptionId: '/api/subscriptions?church_id=2&limit=1' },
  }),
  r('/ma-section/eglises/:churchId/fideles', 'section'),
  r('/ma-section/eglises/:churchId/fideles/nouveau', 'section'),
  r('/ma-section/eglises/:churchId/fideles/:faithfullId', 'section'),
  r('/ma-section/eglises/:churchId/fideles/:faithfullId/contributions', 'section'),
];

/** The routes the sweep opens: the built ones. */
export const BUILT_ROUTES = ROUTE_TABLE.filter((entry) => !entry.pending);
