/** The zod-free part of contract/activities.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const ACTIVITY_MESSAGES = {
  titleRequired: 'Le titre est obligatoire.',
  titleTooLong: 'Le titre ne doit pas dépasser 200 caractères.',
  nameRequired: 'Le nom est obligatoire.',
  nameTooLong: 'Le nom ne doit pas dépasser 100 caractères.',
  textTooLong: 'Ce texte est trop long (5000 caractères au plus).',
  dateRequired: 'La date est obligatoire.',
  timeInvalid: "L'heure doit être au format HH:MM.",
  costInvalid: 'Le coût estimé doit être un montant positif en F CFA.',
  typeInvalid: "Ce type d'activité n'existe pas pour cette entité.",
  departmentInvalid: "Ce département n'appartient pas à cette entité.",
  budgetLineInvalid: "Cette ligne budgétaire n'appartient pas à cette entité.",
  activityInvalid: "Cette activité n'appartient pas à cette entité.",
  activityNotFound: 'Activité introuvable.',
  activityNotEditable: 'Seule une activité planifiée peut être modifiée (replanifiez-la d’abord).',
  typeExists: "Ce type d'activité existe déjà.",
  statusInvalid: 'Statut invalide.',
  attendanceInvalid: 'Le nombre de participants doit être un entier positif ou nul.',
  summaryRequired: 'Le résumé est obligatoire.',
  periodInvalid: 'La fin de la période doit suivre son début.',
  reportNotFound: "Rapport d'activités introuvable.",
  reportNotEditable: 'Seul un rapport en brouillon ou renvoyé peut être modifié.',
  reportNotSubmittable: 'Seul un rapport en brouillon ou renvoyé peut être soumis.',
  reportNotReturnable: 'Seul un rapport soumis peut être renvoyé.',
  reportNoLevelAbove: "Ce rapport n'a pas de niveau supérieur à qui être soumis.",
  returnCommentRequired: 'Le commentaire est obligatoire pour renvoyer un rapport.',
  returnOnlyAbove: 'Seul le niveau supérieur peut renvoyer ce rapport.',
  memberInvalid: 'Ce fidèle ne peut pas être membre de ce département.',
  memberExists: 'Ce fidèle est déjà membre de ce département.',
  memberNotFound: "Ce fidèle n'est pas membre de ce département.",
  roleInvalid: 'Rôle invalide.',
  submitted: 'Rapport soumis.',
  returned: 'Rapport renvoyé.',
  attachmentNotFound: 'Pièce jointe introuvable.',
  attachmentsLocked: "Les pièces jointes d'un rapport soumis ne peuvent plus être modifiées.",
  attachmentsCannotEdit: 'Vous ne pouvez pas modifier les pièces jointes de ce rapport.',
  tooManyReportFiles: 'Un rapport garde 10 pièces jointes au plus.',
  attachmentDeleted: 'Pièce jointe supprimée.',
} as const;

/** A report's photos and PDF: the attachment rules of expenses (SPEC.md section 9). */
export const REPORT_ATTACHMENT_MAX_FILES = 10;

export const DEPARTMENT_ROLES = ['leader', 'member'] as const;

export type DepartmentRole = (typeof DEPARTMENT_ROLES)[number];

export const DEPARTMENT_ROLE_LABELS: Record<DepartmentRole, string> = {
  leader: 'Responsable',
  member: 'Membre',
};

export const ACTIVITY_STATUSES = ['planned', 'done', 'cancelled'] as const;

export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  planned: 'Planifiée',
  done: 'Réalisée',
  cancelled: 'Annulée',
};

export const REPORT_STATUSES = ['draft', 'submitted', 'returned'] as const;

export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: 'Brouillon',
  submitted: 'Soumis',
  returned: 'Renvoyé',
};

/** own: the level's reports; below: those submitted by the entities below it; all: both */
export const REPORT_SCOPES = ['own', 'below', 'all'] as const;

export type ReportScope = (typeof REPORT_SCOPES)[number];

/**
 * The orders of a list of activity reports (`?sort=attendance&order=desc`); by default the latest
 * period's end first, as before. `attendance` is the men, women and children together.
 */
export const REPORT_SORTS = ['period', 'title', 'entity', 'attendance', 'status'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
