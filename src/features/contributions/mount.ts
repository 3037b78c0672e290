import type { FeatureMount } from '@/spaces/common/feature-mount';

/** Where the 'contributions' pages hang in the spaces (ROUTES.md, feature 'contributions'). */
export const mount: FeatureMount = {};
