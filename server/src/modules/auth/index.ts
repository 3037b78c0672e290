// The module's public entry (decision 0038): what app.ts and the other modules use.
export { sessionCookieOptions } from './cookie';
export { authRoutes, type LoginLimits } from './routes';
