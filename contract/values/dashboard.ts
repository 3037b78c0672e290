/** The dashboards' messages (decisions 0026, 0031), shown by the SPA too. */
export const DASHBOARD_MESSAGES = {
  adminOnly: 'Seul un administrateur peut voir le tableau de bord de l’administration.',
} as const;
