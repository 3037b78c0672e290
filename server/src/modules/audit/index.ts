// The audit log as people read it (decision 0044): the module's public entry.
export { auditRoutes } from './routes';
