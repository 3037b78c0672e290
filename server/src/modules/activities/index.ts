// The module's public entry (decision 0038): what app.ts and the other modules use.
export { activityRoutes } from './routes';
export { departmentLeaderRule, type LeaderRuleOf, type UserRule } from './access';
