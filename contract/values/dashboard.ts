/** The dashboards' messages (issue 16), shown by the SPA too. */
export const DASHBOARD_MESSAGES = {
  adminOnly: 'Seul un administrateur peut voir le tableau de bord de l’administration.',
} as const;
