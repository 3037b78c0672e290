// The module's public entry (decision 0038): the treasury movements every money write records (their one
// writer, the closed years' lock) and their totals; the journals module reads them. No routes of its own.
export {
  assertYearOpen,
  lockedYearMessage,
  MOVEMENT_MESSAGES,
  recordMovement,
  reverseMovement,
  type NewMovement,
} from './movements';
export { bounds, periodOf, yearBounds, type Period } from './period';
export { treasuryTotals } from './totals';
