import { useState } from 'react';
import type { DepartmentMember } from '@contract/activities';
import { DEPARTMENT_ROLE_LABELS } from '@contract/values/activities';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatPhone } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { toastWrite } from '@/shared/ui/toast';
import { useAddDepartmentMember, useDepartmentMembers, useRemoveDepartmentMember } from '../api/activities';
import { FaithfulPicker } from './faithful-picker';

/**
 * A department's leader and members (GET /departments/{id}/members); with `manage` (activity:update on
 * the department, checked again by the server), a faithful is added as a member or named leader, and a
 * member is removed after a confirmation.
 */
export function DepartmentMembers({
  departmentId,
  churchId,
  manage,
}: {
  departmentId: number;
  /** the department's church, where new members are searched (null: every church the user sees) */
  churchId: number | null;
  manage: boolean;
}) {
  const members = useDepartmentMembers(departmentId);
  const add = useAddDepartmentMember(departmentId);
  const remove = useRemoveDepartmentMember(departmentId);
  const [newMember, setNewMember] = useState<number | null>(null);
  const [removing, setRemoving] = useState<DepartmentMember | null>(null);

  const addMember = async (role: 'leader' | 'member') => {
    if (newMember === null) return;
    if (
      await toastWrite(
        add.mutateAsync({ user_id: newMember, role }),
        role === 'leader' ? 'Responsable désigné.' : 'Membre ajouté.',
      )
    ) {
      setNewMember(null);
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    await toastWrite(remove.mutateAsync(removing.user_id), 'Membre retiré.');
    setRemoving(null);
  };

  const columns: DataTableColumn<DepartmentMember>[] = [
    {
      key: 'name',
      header: 'Nom',
      cell: (m) => <span className="font-medium">{m.fullname}</span>,
      mobile: 'title',
    },
    { key: 'role', header: 'Rôle', cell: (m) => DEPARTMENT_ROLE_LABELS[m.role] },
    { key: 'phone', header: 'Téléphone', cell: (m) => (m.phone ? formatPhone(m.phone) : '—') },
    { key: 'since', header: 'Depuis le', cell: (m) => formatDate(m.created_at) },
    ...(manage
      ? [
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            mobileLabel: 'Actions',
            align: 'right' as const,
            cell: (m: DepartmentMember) => (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Retirer ${m.fullname}`}
                onClick={() => setRemoving(m)}
              >
                Retirer
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-4">
      <FormError message={members.isError ? errorMessage(members.error) : null} />
      <DataTable
        caption="Responsable et membres du département"
        columns={columns}
        rows={members.data}
        loading={members.isLoading}
        getRowKey={(m) => m.user_id}
        emptyText="Aucun membre pour l'instant."
      />
      {manage && (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <FaithfulPicker
            label="Ajouter un fidèle"
            churchId={churchId}
            value={newMember}
            onChange={setNewMember}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={newMember === null}
              loading={add.isPending}
              onClick={() => addMember('member')}
            >
              Ajouter comme membre
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={newMember === null}
              onClick={() => addMember('leader')}
            >
              Désigner responsable
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Retirer le membre"
        message={removing ? `Retirer ${removing.fullname} du département ?` : undefined}
        confirmLabel="Retirer"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
