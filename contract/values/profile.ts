/** The zod-free part of contract/profile.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const PROFILE_MESSAGES = {
  contactRequired: 'Renseignez au moins un téléphone ou un email.',
  phoneRequired: 'Le téléphone est requis (vide pour l’effacer).',
  emailRequired: 'L’email est requis (vide pour l’effacer).',
  currentRequired: 'Le mot de passe actuel est requis.',
  currentWrong: 'Le mot de passe actuel est incorrect.',
  newTooShort: 'Le nouveau mot de passe doit contenir au moins 10 caractères.',
  newTooLong: 'Le nouveau mot de passe est trop long.',
  sameAsCurrent: 'Le nouveau mot de passe doit être différent de l’actuel.',
  demoForbidden: 'Ce mot de passe de démonstration est interdit en production.',
  confirmMismatch: 'Les mots de passe ne correspondent pas.',
  sessionNotFound: 'Session introuvable.',
  updated: 'Coordonnées mises à jour.',
  passwordChanged: 'Mot de passe modifié. Vos autres sessions ont été déconnectées.',
} as const;

export const PASSWORD_MIN = 10;
