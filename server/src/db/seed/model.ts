import type {
  ContributionType,
  DonationType,
  ExpenseEntityType,
  ExpenseLineStatus,
  ExpenseRequestStatus,
  FinanceEntityType,
  JournalType,
  RecipientEntityType,
} from '../schema/finance';
import type { ChurchSeed } from './names';

// The demo in memory: its people and the year of money of each ledger, before ids and rows.

export type Person = {
  id: number;
  firstname: string;
  lastname: string;
  phone: string | null;
  address: string;
};

export type Member = Person & {
  tither: boolean;
  titheAmount: number;
  titheSlot: number;
  habit: JournalType;
  eAccount: string;
  office: boolean;
};

export type Ledger = {
  entityType: FinanceEntityType;
  entityId: number;
  name: string;
  /** payment account used for expenses, per journal */
  accounts: Record<JournalType, number>;
  treasurerId: number;
  approverId: number;
  verifierId: number;
  openings: Array<{ accountId: number; journal: JournalType; amount: number }>;
  receipts: Contribution[];
  requests: PlannedRequest[];
};

export type Contribution = {
  entityType: FinanceEntityType;
  entityId: number;
  userId: number | null;
  isAnonymous: boolean;
  type: ContributionType;
  amount: number;
  occurredAt: Date;
  receiptAccountId: number;
  paymentAccountId: number;
  journal: JournalType;
  notes: string | null;
  createdBy: number;
  designation: string;
  cancelledAt?: Date;
  cancelledBy?: number;
  cancelReason?: string;
  id?: number;
  receiptNumber?: string;
  publicId?: string;
  movement?: Movement;
};

export type Movement = {
  entityType: FinanceEntityType;
  entityId: number;
  paymentAccountId: number;
  journalType: JournalType;
  operationAccountId: number | null;
  occurredAt: Date;
  designation: string;
  receipt: number;
  expense: number;
  observations: string | null;
  sourceType: 'contribution' | 'expense_payment' | 'reversal' | 'opening_balance';
  contribution?: Contribution;
  payment?: Payment;
  reverses?: Movement;
  createdBy: number;
  id?: number;
};

export type PlannedRequest = {
  title: string;
  description: string;
  entityType: ExpenseEntityType;
  entityId: number;
  operationAccountId: number;
  madeAt: Date;
  createdBy: number;
  intent: ExpenseRequestStatus;
  approvedBy?: number;
  approvedAt?: Date;
  rejectedBy?: number;
  rejectedAt?: Date;
  lines: PlannedLine[];
  ledger: Ledger;
  id?: number;
  status?: ExpenseRequestStatus;
  validatedAt?: Date;
  verifiedAt?: Date;
};

export type LineSpec = {
  name: string;
  quantity: number;
  unitPrice: number;
  donationType?: DonationType;
  isAnonymous?: boolean;
  notes?: string;
  recipient?: Partial<Record<RecipientField, string>>;
  recipientEntity?: { type: RecipientEntityType; id: number };
  /** paying this line records the same amount as a receipt of another ledger (quotes-parts) */
  forward?: { ledger: Ledger; designation: string; notes: string };
};

export type RecipientField =
  | 'recipientFirstName'
  | 'recipientLastName'
  | 'recipientPhone'
  | 'recipientAddress'
  | 'recipientCompanyName'
  | 'recipientRegistrationNumber'
  | 'recipientTaxId'
  | 'recipientCompanyAddress'
  | 'recipientCompanyPhone'
  | 'recipientCompanyEmail';

export type PlannedLine = LineSpec & {
  amount: number;
  request: PlannedRequest;
  cancelledAt?: Date;
  payments: Payment[];
  id?: number;
  paid: number;
  status?: ExpenseLineStatus;
};

export type Payment = {
  line: PlannedLine;
  at: Date;
  amount: number;
  preferred: JournalType;
  observations: string | null;
  userId: number;
  /** set when the ledger could pay it */
  accountId?: number;
  journal?: JournalType;
  movement?: Movement;
  id?: number;
};

export type ChurchInfo = {
  id: number;
  index: number;
  seed: ChurchSeed;
  sectionId: number;
  regionId: number;
  size: number;
  members: Member[];
  pastor: Member;
  treasurer: Member;
  secretary: Member;
  rents: boolean;
  ledger?: Ledger;
};

/** What the finance builder gathers from every ledger, in the order it settled them. */
export type Output = {
  contributions: Contribution[];
  movements: Movement[];
  requests: PlannedRequest[];
  payments: Payment[];
};

export const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;
