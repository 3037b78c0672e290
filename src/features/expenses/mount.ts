import type { FeatureMount } from '@/spaces/common/feature-mount';

/** Where the 'expenses' pages hang in the spaces (ROUTES.md, feature 'expenses'). */
export const mount: FeatureMount = {};
