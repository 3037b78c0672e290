import type { RouteObject } from 'react-router';
import type { SpaceKey } from '@/shared/auth/roles';
import { mount as contributions } from '@/features/contributions/mount';
import { mount as expenses } from '@/features/expenses/mount';
import { mount as faithful } from '@/features/faithful/mount';
import { mount as journals } from '@/features/journals/mount';
import { mount as members } from '@/features/members/mount';
import type { FeatureMount, Slot, SlotContext } from './feature-mount';

/** Every feature that puts pages in the spaces (the organisation pages are mounted by the spaces themselves). */
const FEATURES: readonly FeatureMount[] = [expenses, journals, members, contributions, faithful];

/** The features' routes at the level of a space. */
export function featureRoutes(space: SpaceKey): RouteObject[] {
  return FEATURES.flatMap((feature) => feature.routes?.[space] ?? []);
}

/** The features' pages at one segment below an entity's page. */
export function slotPages(slot: Slot, segment: string, at: SlotContext): RouteObject[] {
  return FEATURES.flatMap((feature) => feature.pages?.[slot]?.[segment]?.(at) ?? []);
}
