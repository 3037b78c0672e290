import { useState } from 'react';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { FormError } from '@/shared/ui/form-error';
import { notify } from '@/shared/ui/toast';
import { useMoveChurch } from '../api/org-writes';
import type { OrgEntity } from '../kinds';
import { ParentPicker } from './parent-picker';

export type MoveChurchDialogProps = {
  church: OrgEntity | null;
  onClose: () => void;
  /** narrows the sections offered (e.g. those of the Level's region) */
  filter?: Record<string, number>;
};

const SECTION_REQUIRED = 'La section est requise.';

/**
 * Moves a church to another section (POST /churches/{id}/move). Its receipts, expenses and faithful
 * stay the church's; only its section changes.
 */
export function MoveChurchDialog({ church, onClose, filter }: MoveChurchDialogProps) {
  const [section, setSection] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const move = useMoveChurch();
  const close = () => {
    if (move.isPending) return;
    setSection(null);
    setError(null);
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!church) return;
    if (!section) {
      setError(SECTION_REQUIRED);
      return;
    }
    setFailure(null);
    try {
      await move.mutateAsync({ id: church.id, sectionId: section.id });
      notify.success(`${church.name} est maintenant dans ${section.name}.`);
      close();
    } catch (caught) {
      const message = errorMessage(caught);
      setFailure(message);
      notify.error(message);
    }
  };
  return (
    <Dialog
      open={church !== null}
      onOpenChange={(open) => !open && close()}
      title={church ? `Déplacer : ${church.name}` : 'Déplacer'}
      description="Ses recettes, ses dépenses, ses journaux et ses fidèles restent les siens ; seule sa section change."
      dismissible={!move.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={move.isPending}>
            Annuler
          </Button>
          <Button loading={move.isPending} onClick={() => void submit()}>
            Déplacer
          </Button>
        </>
      }
    >
      {failure && <FormError message={failure} className="mb-3" />}
      <ParentPicker
        kind="sections"
        label="Nouvelle section"
        required
        value={section?.id ?? null}
        selectedLabel={section?.name}
        onChange={(id, name) => {
          setSection(id !== null && name ? { id, name } : null);
          setError(null);
        }}
        filter={filter}
        error={error ?? undefined}
        hint={church?.section ? `Section actuelle : ${church.section.name}` : undefined}
      />
    </Dialog>
  );
}
