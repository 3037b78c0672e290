// The module's public entry (decision 0038): what app.ts and the other modules use. Online giving
// (decision 0043): its routes, and its invoices' purpose on the LigdiCash simulator.
export { givingRoutes } from './routes';
export { givingSimulatorPurpose } from './guest';
export { recordSeededGift } from './record';
export { newGivingCode } from './settings';
