import { describe, expect, it } from 'vitest';
import { isRegisteredIn } from '@/shared/routing/space';
import { space as nationalOffice } from '@/spaces/national-office/routes';
import { space as region } from '@/spaces/region/routes';
import { space as section } from '@/spaces/section/routes';

// The drill-down branches are written once (src/spaces/common/branches.tsx); each space mounts them
// where ROUTES.md puts them, and nowhere else.
describe('drill-down branches of the leader spaces', () => {
  it.each([
    ['/mon-bureau-national/regions/3', nationalOffice],
    ['/mon-bureau-national/regions/3/sections', nationalOffice],
    ['/mon-bureau-national/sections/7', nationalOffice],
    ['/mon-bureau-national/sections/7/eglises', nationalOffice],
    ['/mon-bureau-national/eglises/5', nationalOffice],
    ['/ma-region/sections/7', region],
    ['/ma-region/sections/7/eglises', region],
    ['/ma-region/sections/7/eglises/5', region],
    ['/ma-section/eglises/5', section],
  ])('registers %s', (path, space) => {
    expect(isRegisteredIn(space, path)).toBe(true);
  });

  it.each([
    // ROUTES.md lists no list of sections in the national office, no church outside its section in
    // the region, and no sections below a section.
    ['/mon-bureau-national/sections', nationalOffice],
    ['/mon-bureau-national/regions/3/eglises', nationalOffice],
    ['/mon-bureau-national/eglises/5/sections', nationalOffice],
    ['/ma-region/eglises/5', region],
    ['/ma-region/regions/3', region],
    ['/ma-region/sections/7/sections', region],
    ['/ma-section/sections/7', section],
    ['/ma-section/eglises/5/eglises', section],
  ])('does not register %s', (path, space) => {
    expect(isRegisteredIn(space, path)).toBe(false);
  });
});
