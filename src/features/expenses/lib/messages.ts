/**
 * The expense screens' own texts: the toasts of SPEC.md section 8 and the add-expense time message
 * (SPEC.md section 5), which the server never answers. What the server answers, and the SPA shows
 * identically, is the contract's `EXPENSE_MESSAGES` (contract/expenses.ts).
 */
export const EXPENSE_MESSAGES = {
  // SPEC.md section 5 (exact)
  timeInvalid: "Format d'heure invalide (HH:MM)",
  // SPEC.md section 8 (exact)
  created: 'Demande efectuée avec succès.',
  uploadFailedPrefix: "Échec de l'upload des fichiers: ",
  savedWithoutFiles: 'La demande est enregistrée : envoyez de nouveau les fichiers depuis sa page.',
  filesSent: 'Pièces justificatives envoyées.',
  unknownError: 'Erreur inconnue',
  verified: 'Dépense marquée comme vérifiée.',
  genericError: "Une erreur s'est produite",
  lineAdded: 'Ligne de dépense ajoutée.',
  lineDeleted: 'Ligne de dépense supprimée.',
  paymentFailed: "Une erreur s'est produite lors de la validation",
  assetSubmitFailed: 'Erreur lors de la soumission',
} as const;
