import { Link } from 'react-router';
import { useAccount } from '@/shared/auth/account-store';
import { homePathOf } from '@/shared/auth/roles';

/** The link of the error pages: to the user's space, or to the sign-in page for a guest. */
export function BackToSpaceLink() {
  const account = useAccount();
  return (
    <Link
      to={homePathOf(account)}
      className="inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
    >
      {account ? 'Retour à mon espace' : 'Aller à la connexion'}
    </Link>
  );
}
