/** The French messages of the grants' calls and of their rules (policy.ts). */
export const GRANT_MESSAGES = {
  granted: 'Permission accordée avec succès',
  revoked: 'Permission révoquée avec succès',
  unknownPermission: 'Permission introuvable.',
  unknownUser: 'Utilisateur introuvable.',
  wrongScope: 'Cette permission ne peut pas être accordée dans ce scope.',
  pastExpiry: "La date d'expiration ne peut pas être dans le passé.",
  entityRequired: 'Seul un super-administrateur peut accorder ou révoquer une permission sans entité.',
  noDelegate: "Vous n'avez pas le droit de déléguer des permissions sur cette entité.",
  notHeld: 'Vous ne pouvez pas accorder une permission que vous ne détenez pas vous-même sur cette entité.',
  notManageable: "Vous n'êtes pas autorisé à gérer les permissions de cet utilisateur.",
  self: 'Vous ne pouvez pas modifier vos propres permissions.',
  duplicate: 'Cette permission est déjà accordée à cet utilisateur sur cette entité.',
  nothingToRevoke: 'Aucune permission accordée ne correspond à cette révocation.',
  forbiddenRead: "Vous n'êtes pas autorisé à consulter les permissions de cet utilisateur.",
} as const;
