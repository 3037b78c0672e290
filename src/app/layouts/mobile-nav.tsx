import { useEffect, useRef, useState } from 'react';
import { NavIcon } from '@/spaces/common/nav-icon';
import type { MobileNavProps } from './mobile-nav-drawer';

// The drawer (Radix Dialog, its focus trap and scroll lock: ~10 KB compressed) loads when the menu
// button is first pointed at, focused or pressed, not with every signed-in page (decision 0032).
type Loaded = typeof import('./mobile-nav-drawer');
let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
export const loadMobileNavDrawer = (): Promise<Loaded> => {
  loading ??= import('./mobile-nav-drawer').then((module) => (loaded = module));
  return loading;
};

/**
 * The phone's navigation: a menu button opening a drawer (focus trapped, Escape closes). On a phone
 * (below `sm`) the drawer also holds what the header has no room for: the user's first name and role,
 * their other spaces and the logout, so that the page title keeps the header's width.
 */
export function MobileNav(props: MobileNavProps) {
  const [open, setOpen] = useState(false);
  const [module, setModule] = useState<Loaded | null>(loaded);
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (open && !module) void loadMobileNavDrawer().then((next) => setModule(() => next));
  }, [open, module]);
  const Drawer = module?.MobileNavDrawer;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Ouvrir le menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadMobileNavDrawer()}
        onFocus={() => void loadMobileNavDrawer()}
        onClick={() => setOpen(true)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <NavIcon name="menu" />
      </button>
      {Drawer && <Drawer {...props} open={open} setOpen={setOpen} opener={button} />}
    </>
  );
}
