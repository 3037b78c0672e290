import { Link } from 'react-router';
import type { EntityType } from '@contract/common';
import { useIsRegistered, type EntityTarget } from '@/shared/routing/space';
import { useSpacePaths } from '@/shared/routing/space-paths';

/** An entity's name, linked to its page when the space has one. */
export function EntityLink({ type, target, name }: { type: EntityType; target: EntityTarget; name: string }) {
  const paths = useSpacePaths();
  const isRegistered = useIsRegistered();
  const to = paths.entity(type, target);
  if (!to || !isRegistered(to)) return <>{name}</>;
  return (
    <Link to={to} className="font-medium text-brand-700 hover:text-brand-900 hover:underline">
      {name}
    </Link>
  );
}
