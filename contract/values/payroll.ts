/** The zod-free part of contract/payroll.ts (re-exported there): what the SPA may import without zod (decision 0023). */

/** A payslip's month as the pages show it ('mars 2026'): the label of contract/values/dates.ts. */
export { monthLabel } from './dates';

/** A payslip's month: 'YYYY-MM'. */
export const PAYSLIP_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Largest salary amount (FCFA) of a payslip or an employee. */
export const MAX_SALARY = 100_000_000;
/** The SYCEBNL account class of the staff costs: a payslip's movement goes to the first active one. */
export const STAFF_COST_ACCOUNT_PREFIX = '66';

/** French messages of the payroll (the server answers them, the SPA's forms show them). */
export const PAYROLL_MESSAGES = {
  required: 'Ce champ est requis.',
  firstNameRequired: 'Le prénom est requis.',
  lastNameRequired: 'Le nom est requis.',
  positionRequired: 'Le poste est requis.',
  textTooLong: 'Le texte est trop long (150 caractères au plus).',
  phoneInvalid: 'Numéro de téléphone invalide.',
  salaryRequired: 'Le salaire de base est requis.',
  amountInvalid: 'Le montant doit être un nombre entier positif ou nul.',
  amountTooLarge: 'Le montant est trop élevé.',
  dateInvalid: 'Date invalide.',
  hiredInFuture: "La date d'embauche ne peut pas être dans le futur.",
  monthRequired: 'Le mois est requis.',
  monthInvalid: 'Mois invalide (AAAA-MM).',
  monthInFuture: 'Une fiche de paie ne peut pas porter sur un mois futur.',
  employeeRequired: 'Veuillez choisir un employé.',
  netNegative: 'Les retenues ne peuvent pas dépasser le brut et les indemnités.',
  paymentAccountRequired: 'Veuillez choisir le compte de trésorerie.',
  paymentAccountInvalid: "Ce compte de trésorerie n'est pas utilisable par cette entité.",
  paidOnRequired: 'La date de paiement est requise.',
  paidBeforeMonth: 'La date de paiement ne peut pas précéder le mois de la fiche.',
  employeeNotFound: 'Employé introuvable.',
  employeeArchived: 'Cet employé est archivé : réactivez-le avant de lui établir une fiche de paie.',
  employeeAlreadyArchived: 'Cet employé est déjà archivé.',
  employeeAlreadyActive: 'Cet employé est déjà actif.',
  employeeArchivedDone: 'Employé archivé.',
  employeeRestoredDone: 'Employé réactivé.',
  payslipNotFound: 'Fiche de paie introuvable.',
  duplicate: (month: string) => `Cet employé a déjà une fiche de paie pour ${month}.`,
  alreadyPaid: 'Cette fiche de paie est déjà payée.',
  nothingToPay: "Le net de cette fiche de paie est nul : il n'y a rien à payer.",
  paidNotEditable: 'Une fiche de paie payée ne peut plus être modifiée.',
  staffAccountInvalid:
    "Ce compte n'est pas un compte de charges de personnel (classe 66) utilisable par cette entité.",
  noStaffAccount:
    "Aucun compte de charges de personnel (classe 66) n'est utilisable par cette entité : créez-en un dans les comptes d'opération.",
} as const;

/** net = gross + allowances - deductions (the server computes it; the form shows it). */
export function payslipNet(gross: number, allowances: number, deductions: number): number {
  return gross + allowances - deductions;
}

/** The orders of a list of payslips (`?sort=net&order=desc`); by default the newest month, then by name. */
export const PAYSLIP_SORTS = ['employee', 'month', 'gross', 'net', 'status'] as const;
export type PayslipSort = (typeof PAYSLIP_SORTS)[number];

/** The orders of a list of employees (`?sort=salary&order=desc`); by name (last, first) by default. */
export const EMPLOYEE_SORTS = ['name', 'position', 'hired', 'salary'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];
