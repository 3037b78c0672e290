// The module's public entry (decision 0038): the treasury movements every money write records (their one
// writer), the closed years' rule every write that changes a figure asks (decision 0042), and their
// totals; the journals module reads them. No routes of its own.
export {
  assertRecordYearOpen,
  assertYearNotClosed,
  assertYearOpen,
  closedYearChanged,
  closingLockKey,
  closingsOf,
  dayOfInstant,
  lockedYearMessage,
  ownClosedYears,
  type ClosedYear,
  type LedgerEntity,
  type YearChange,
} from './closed-years';
export { MOVEMENT_MESSAGES, recordMovement, reverseMovement, type NewMovement } from './movements';
export { bounds, periodOf, yearBounds, type Period } from './period';
export { treasuryTotals } from './totals';
