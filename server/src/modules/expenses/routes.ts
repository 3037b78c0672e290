import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentRoutes } from './attachments';
import { fixedAssetRoutes } from './fixed-assets';
import { lineRoutes } from './lines';
import { lookupRoutes } from './lookups';
import { paymentRoutes } from './payments';
import { requestRoutes } from './requests';

/**
 * Routes of the 'expenses' feature (issue 4, docs/features/expenses.md, contract/expenses.ts): expense
 * requests, their lines and payments, attachments, the add-expense lookups and the fixed assets.
 */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(requestRoutes);
  await app.register(lineRoutes);
  await app.register(paymentRoutes);
  await app.register(attachmentRoutes);
  await app.register(lookupRoutes);
  await app.register(fixedAssetRoutes);
};
