import { Navigate } from 'react-router';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { useAccount } from '@/shared/auth/account-store';
import { homePathOf } from '@/shared/auth/roles';

/** `/`: a signed-in user goes to their own space, a guest to /connexion. */
export function IndexRedirect() {
  const account = useAccount();
  if (account === undefined) return <LogoLoader />;
  return <Navigate to={homePathOf(account)} replace />;
}
