import { Navigate, Outlet, useLocation } from 'react-router';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { useAccount } from '@/shared/auth/account-store';
import { canOpenSpace, type SpaceKey } from '@/shared/auth/roles';
import { signInPath } from '@/features/auth/lib/redirect';

/**
 * The guard of a private space: a guest goes to /connexion (and comes back after signing in), a
 * user who may not open the space to /access-refuse. While GET /me is pending, the logo loader.
 */
export function RequireSpace({ space }: { space: SpaceKey }) {
  const account = useAccount();
  const location = useLocation();
  if (account === undefined) return <LogoLoader />;
  if (account === null) return <Navigate to={signInPath(location)} replace />;
  if (!canOpenSpace(account, space)) {
    // SPEC.md's accountant dock links /admin and /admin/notifications: they lead an accountant to their
    // space's home and to their own notifications (decision 0026).
    if (space === 'admin' && canOpenSpace(account, 'accountant')) {
      const to = location.pathname.startsWith('/admin/notifications')
        ? '/notifications'
        : '/espace-comptable';
      return <Navigate to={to} replace />;
    }
    return <Navigate to="/access-refuse" replace />;
  }
  return <Outlet />;
}
