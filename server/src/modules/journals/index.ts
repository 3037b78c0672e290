// The module's public entry (decision 0038): the accounting documents of an entity (the treasury,
// general and account journals, the financial report, the treasury totals of a group, the financial
// statements of a year), read from the treasury's movements.
export { journalRoutes } from './routes';
