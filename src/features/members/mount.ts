import type { FeatureMount } from '@/spaces/common/feature-mount';

/** Where the 'members' pages hang in the spaces (ROUTES.md, feature 'members'). */
export const mount: FeatureMount = {};
