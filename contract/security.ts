/**
 * The security rules' messages shared by the server and the SPA (decision 0014), and the
 * calendar-date rule of every money write (`moneyDate`, in contract/dates.ts).
 */
export const SECURITY_MESSAGES = {
  /** nobody gives themselves a position (POST /{group}/{id}/members) */
  selfAssignment: 'Vous ne pouvez pas vous attribuer un poste vous-même.',
  /** a position gives only what the assigner holds on the group */
  positionBeyondGrant:
    "Vous ne pouvez pas attribuer un poste qui donne des permissions que vous n'avez pas vous-même sur ce groupe.",
  /** four-eyes: the creator of an expense request does not approve it */
  ownRequestApproval:
    'Vous ne pouvez pas approuver une demande de dépense que vous avez créée : une autre personne doit le faire.',
  /** writes on a church whose subscription is unpaid */
  unpaidSubscription:
    "L'abonnement de cette église est impayé : seul le paiement de l'abonnement est possible jusqu'à son règlement.",
  /** writes (money, people, budgets, payments) on an archived entity or one of its departments (decision 0027) */
  archivedEntity:
    "Cette entité est archivée : aucune opération (recette, dépense, paiement, budget, fidèle) n'y est possible tant qu'elle n'est pas restaurée.",
  /** malformed uploads */
  multipartMalformed: 'Envoi de fichier invalide : le formulaire reçu est incomplet ou mal formé.',
  multipartNoBoundary: 'Envoi de fichier invalide : la délimitation du formulaire (boundary) est absente.',
  encodingUnsupported:
    'Encodage de contenu non pris en charge : envoyez le fichier sans compression (Content-Encoding).',
  multipartExpected: 'Envoi de fichier invalide : un formulaire multipart/form-data est attendu.',
} as const;
