import type { Department } from '@contract/org';
import { errorMessage } from '@/shared/lib/errors';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { useEntity } from '@/shared/org/entities';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { OfficeMembers } from '../components/office-members';
import { GROUP_OF } from '../lib/groups';
import { FormError } from '@/shared/ui/form-error';

/**
 * A department's members page: a department (activity group) has no positions of its own; it is led
 * by the office of the entity it hangs on, shown and managed here.
 */
export function DepartmentMembersPage() {
  const back = useSpacePaths().here;
  const level = useLevel();
  const department = useEntity<Department>(levelEntity(level));
  usePageTitle(department.data ? `Membres - ${department.data.name}` : 'Membres', { back });
  if (department.isPending) return <LogoLoader />;
  if (department.isError) return <FormError message={errorMessage(department.error)} />;
  const group = GROUP_OF[department.data.entity_type];
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <p className="text-sm text-slate-600">
        Le département est dirigé par le bureau de :{' '}
        <span className="font-medium">{department.data.entity?.name}</span>
      </p>
      {group && (
        <OfficeMembers group={group} id={department.data.entity_id} name={department.data.entity?.name} />
      )}
    </div>
  );
}
