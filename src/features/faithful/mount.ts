import type { FeatureMount } from '@/spaces/common/feature-mount';

/** Where the 'faithful' pages hang in the spaces (ROUTES.md, feature 'faithful'). */
export const mount: FeatureMount = {};
