import type { FeatureMount } from '@/spaces/common/feature-mount';

/** Where the 'journals' pages hang in the spaces (ROUTES.md, feature 'journals'). */
export const mount: FeatureMount = {};
