/** The demo accounts (README lists them too): seeded by db/seed/demo.ts, printed at start. */
export const DEMO_ACCOUNTS = [
  { login: 'admin@example.org', role: 'admin', label: 'admin (super-admin)' },
  {
    login: 'national@example.org',
    role: 'national_office::tresorier-general',
    label: 'trésorier général du bureau national',
  },
  {
    login: 'president@example.org',
    role: 'national_office::president',
    label: 'président national (crée les souscriptions des églises)',
  },
  { login: 'region@example.org', role: 'region::president', label: 'président de la Région Abidjan' },
  {
    login: 'section@example.org',
    role: 'section::representant',
    label: 'représentant de la Section Abidjan-Nord',
  },
  {
    login: 'pasteur@example.org',
    role: 'church::pasteur-titulaire',
    label: 'pasteur titulaire (souscription payée)',
  },
  {
    login: 'tresorier@example.org',
    role: 'church::tresorier-general',
    label: 'trésorier général (même église)',
  },
  {
    login: 'impaye@example.org',
    role: 'church::pasteur-titulaire',
    label: 'pasteur titulaire (souscription impayée)',
  },
  {
    login: 'facturation@example.org',
    role: 'church::pasteur-titulaire',
    label: 'pasteur de l’église réservée au parcours de facturation (e2e)',
  },
  { login: 'comptable@example.org', role: 'external-accountant', label: 'comptable externe (3 églises)' },
  { login: 'fidele@example.org', role: 'faithful', label: 'fidèle de la première église' },
] as const;

export const DEMO_PASSWORD = 'demo1234';

export function demoAccountsTable(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.login.length));
  const lines = DEMO_ACCOUNTS.map(
    (account) => `  ${account.login.padEnd(width)}  ${account.role.padEnd(34)} ${account.label}`,
  );
  return [`  Comptes de démonstration (mot de passe : ${DEMO_PASSWORD})`, ...lines].join('\n');
}
