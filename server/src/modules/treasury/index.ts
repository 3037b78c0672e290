// The module's public entry (decision 0038): what app.ts and the other modules use.
export { treasuryRoutes } from './routes';
export { journalEntity } from './journals';
export { assertYearOpen, recordMovement, reverseMovement } from './movements';
