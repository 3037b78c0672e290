import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityTypeRoutes } from './activity-type-routes';
import { departmentRoutes } from './department-routes';
import { plannedActivityRoutes } from './planned-activity-routes';
import { reportFileRoutes } from './report-file-routes';
import { reportRoutes } from './report-routes';

/**
 * Routes of the 'activities' feature (decision 0024, docs/features/activities.md, contract/activities.ts):
 * activity types, departments with their members and dashboard, planned activities, activity reports
 * and their files, one file each (`*-routes.ts`, and its service beside it).
 *
 * Access: `activity:*` / `report:*` on the entity; on a department, its leader acts as a holder of the
 * department's activity and report codes, a member only reads (policy.ts).
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(activityTypeRoutes);
  await app.register(departmentRoutes);
  await app.register(plannedActivityRoutes);
  await app.register(reportRoutes);
  await app.register(reportFileRoutes);
};
