import { useState } from 'react';
import { moneyDateProblem, todayInDenomination } from '@contract/values/dates';
import { ORG_MESSAGES } from '@contract/values/org';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { DateField } from '@/shared/ui/date-field';
import { Dialog } from '@/shared/ui/dialog';
import { FormButtons } from '@/shared/ui/form-actions';
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

/** The day after `day` ('YYYY-MM-DD'). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Why the effective date is refused, or null: the server's rules (a real date, not in the future, after
 * the church's last move) with its French messages.
 */
export function moveDateProblem(value: string, lastMovedOn: string | null | undefined): string | null {
  if (!value.trim()) return ORG_MESSAGES.moveDateRequired;
  const problem = moneyDateProblem(value);
  if (problem) return problem;
  if (lastMovedOn && value <= lastMovedOn) return ORG_MESSAGES.moveBeforeLast;
  return null;
}

/**
 * Moves a church to another section (POST /churches/{id}/move). Its receipts, expenses and faithful
 * stay the church's; only its section changes.
 */
export function MoveChurchDialog({ church, onClose, filter }: MoveChurchDialogProps) {
  const [section, setSection] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [dayError, setDayError] = useState<string | null>(null);
  const today = todayInDenomination();
  const effectiveDate = day ?? today;
  const lastMovedOn = church?.last_moved_on ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const move = useMoveChurch();
  const close = () => {
    if (move.isPending) return;
    setSection(null);
    setError(null);
    setDay(null);
    setDayError(null);
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!church) return;
    const dateProblem = moveDateProblem(effectiveDate, lastMovedOn);
    setDayError(dateProblem);
    if (!section) setError(SECTION_REQUIRED);
    if (!section || dateProblem) return;
    setFailure(null);
    try {
      await move.mutateAsync({ id: church.id, sectionId: section.id, effectiveDate });
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
        <FormButtons
          saving={move.isPending}
          submitLabel="Déplacer"
          onConfirm={() => void submit()}
          onCancel={close}
        />
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
      <DateField
        label="Date d'effet"
        required
        className="mt-4"
        value={effectiveDate}
        max={today}
        min={lastMovedOn ? nextDay(lastMovedOn) : undefined}
        onChange={(event) => {
          setDay(event.target.value);
          setDayError(null);
        }}
        error={dayError ?? undefined}
        hint={
          `Premier jour dans la nouvelle section : les opérations d'avant restent comptées dans la section quittée.` +
          (lastMovedOn ? ` Dernier déplacement le ${formatDate(lastMovedOn)}.` : '')
        }
      />
    </Dialog>
  );
}
