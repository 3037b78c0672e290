import { Link } from 'react-router';
import { useGivingOptions } from '@/shared/api/online-giving';
import { useSpacePaths } from '@/shared/routing/space-paths';

/** The member's 'Donner' (the personal dashboard): shown only when their church takes gifts online. */
export function GiveLink() {
  const options = useGivingOptions();
  const to = useSpacePaths().page('giving.give');
  if (!to || !options.data?.available) return null;
  return (
    <Link
      to={to}
      className="inline-flex h-11 items-center justify-center rounded-md bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
    >
      Donner
    </Link>
  );
}
