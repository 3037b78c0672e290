import type { Department } from '@contract/org';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { permissionEntity } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { useEntity } from '@/shared/org/entities';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { Spinner } from '@/shared/ui/spinner';
import { DepartmentMembers } from '../components/department-members';

/**
 * 'departements/:id/membres': the department's own leader and members (faithful of its church, or of a
 * church below an upper level's department), added and removed by holders of activity:update.
 */
export function DepartmentMembersPage() {
  const entity = levelEntity(useLevel());
  const paths = useSpacePaths();
  const department = useEntity<Department>(entity);
  usePageTitle(department.data ? `Membres - ${department.data.name}` : 'Membres du département', {
    back: paths.here,
  });
  const manage = usePermissions(['activity:update'], permissionEntity(entity)).has('activity:update');

  if (department.isLoading) return <Spinner label="Chargement du département" />;
  if (!department.data) return <FormError message={errorMessage(department.error)} />;
  const dept = department.data;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      {dept.entity && <p className="text-sm text-slate-600">Rattaché à {dept.entity.name}.</p>}
      <Card title="Responsable et membres">
        <DepartmentMembers
          departmentId={dept.id}
          churchId={dept.entity_type === 'CHURCH' ? dept.entity_id : null}
          manage={manage}
        />
      </Card>
    </div>
  );
}
