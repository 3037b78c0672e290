import { errorMessage } from '@/shared/lib/errors';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { notify } from '@/shared/ui/toast';
import { useRemoveOrg, useRestoreOrg } from '../api/org-writes';
import { ORG_KINDS, type OrgEntity, type OrgKind } from '../kinds';

export type ArchiveDialogProps = {
  kind: OrgKind;
  /** the entity to archive, or to restore when it is archived; null: closed */
  entity: OrgEntity | null;
  onClose: () => void;
  onDone?: (outcome: 'deleted' | 'archived' | 'restored') => void;
};

/**
 * 'Archiver' (DELETE /{kind}/{id}: deleted when nothing hangs on it, archived otherwise) or 'Restaurer'
 * (POST /{kind}/{id}/restore), after a confirmation.
 */
export function ArchiveDialog({ kind, entity, onClose, onDone }: ArchiveDialogProps) {
  const remove = useRemoveOrg(kind);
  const restore = useRestoreOrg(kind);
  const restoring = !!entity?.archived_at;
  const singular = ORG_KINDS[kind].singular.toLowerCase();
  const confirm = async () => {
    if (!entity) return;
    try {
      if (restoring) {
        await restore.mutateAsync(entity.id);
        notify.success(`${entity.name} est restaurée.`);
        onDone?.('restored');
      } else {
        const answer = await remove.mutateAsync(entity.id);
        notify.success(answer.message);
        onDone?.(answer.outcome);
      }
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
      throw error;
    }
  };
  return (
    <ConfirmDialog
      open={entity !== null}
      onOpenChange={(open) => !open && onClose()}
      title={restoring ? `Restaurer : ${entity?.name ?? ''}` : `Archiver : ${entity?.name ?? ''}`}
      message={
        restoring
          ? `Cette ${singular === 'bureau national' ? 'entité' : singular} reviendra dans les listes.`
          : "Elle quitte les listes ; son historique (membres, opérations) est conservé. Sans rien de rattaché, elle est supprimée. Il faut d'abord archiver ou déplacer ses enfants actifs."
      }
      confirmLabel={restoring ? 'Restaurer' : 'Archiver'}
      danger={!restoring}
      onConfirm={confirm}
    />
  );
}
