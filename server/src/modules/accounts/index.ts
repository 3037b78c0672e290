// The module's public entry (decision 0038): what app.ts and the other modules use.
export { accountAdminRoutes } from './admin-routes';
export { nationalOfficeOf } from './entity';
export { accountsRoutes } from './routes';
export { assertAccountOfEntity, usableBy } from './usable';
