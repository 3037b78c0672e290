import { useState } from 'react';
import { useParams } from 'react-router';
import { ACTIVITY_STATUS_LABELS, type ActivityStatus } from '@contract/values/activities';
import type { ActivityDetail } from '@contract/activities';
import { parseIdParam, type EntityLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { formatLongDate } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { Spinner } from '@/shared/ui/spinner';
import { notify, toastWrite } from '@/shared/ui/toast';
import { useActivity, useUpdateActivity } from '../api/activities';
import { ActivityForm, type ActivityFields } from '../components/activity-form';
import { ActivityStatusBadge } from '../components/badges';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A planned activity: its facts, the expense requests linked to it (actual cost), its status; while it
 * is planned, 'Modifier' opens its form in place (ROUTES.md has no edit route for it).
 */
export function ActivityDetailPage() {
  const id = parseIdParam(useParams().id);
  const paths = useSpacePaths();
  const query = useActivity(id);
  const activity = query.data;
  usePageTitle(activity?.title ?? 'Activité', { back: paths.page('activities.list') ?? paths.here });
  const update = useUpdateActivity(id);
  const [editing, setEditing] = useState(false);

  const save = async (fields: ActivityFields) => {
    if (await toastWrite(update.mutateAsync({ ...fields, status: 'planned' }), 'Activité modifiée.')) {
      setEditing(false);
    }
  };

  const setStatus = async (a: ActivityDetail, status: ActivityStatus) => {
    try {
      await update.mutateAsync({
        title: a.title,
        planned_date: a.planned_date,
        planned_time: a.planned_time ?? undefined,
        place: a.place ?? undefined,
        activity_type_id: a.activityType?.id,
        department_id: a.department?.id,
        budget_line_id: a.budget_line?.id,
        estimated_cost: a.estimated_cost ?? undefined,
        description: a.description ?? undefined,
        status,
      });
      notify.success(`Activité marquée « ${ACTIVITY_STATUS_LABELS[status]} ».`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  if (query.isLoading) return <Spinner label="Chargement de l'activité" />;
  if (!activity) return <FormError message={errorMessage(query.error)} />;
  if (editing)
    return (
      <div className="mx-auto max-w-3xl">
        <Card title="Modifier l'activité">
          <ActivityForm
            entity={{ entityType: activity.entity_type, entityId: activity.entity_id } as EntityLevel}
            activity={activity}
            label="Modifier l'activité"
            saving={update.isPending}
            error={update.isError ? errorMessage(update.error) : null}
            onCancel={() => setEditing(false)}
            onSave={save}
          />
        </Card>
      </div>
    );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card
        title={activity.title}
        actions={
          activity.can.edit && (
            <div className="flex flex-wrap gap-2">
              {activity.status === 'planned' && (
                <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                  Modifier
                </Button>
              )}
              {activity.status !== 'done' && (
                <Button size="sm" loading={update.isPending} onClick={() => setStatus(activity, 'done')}>
                  Marquer réalisée
                </Button>
              )}
              {activity.status !== 'cancelled' && (
                <Button size="sm" variant="secondary" onClick={() => setStatus(activity, 'cancelled')}>
                  Annuler l'activité
                </Button>
              )}
              {activity.status !== 'planned' && (
                <Button size="sm" variant="secondary" onClick={() => setStatus(activity, 'planned')}>
                  Replanifier
                </Button>
              )}
            </div>
          )
        }
      >
        <dl>
          <Row label="Statut">
            <ActivityStatusBadge status={activity.status} />
          </Row>
          <Row label="Date">
            {formatLongDate(activity.planned_date)}
            {activity.planned_time ? ` à ${activity.planned_time}` : ''}
          </Row>
          <Row label="Type">{activity.activityType?.name ?? '—'}</Row>
          <Row label="Lieu">{activity.place ?? '—'}</Row>
          <Row label="Département">{activity.department?.name ?? '—'}</Row>
          <Row label="Ligne budgétaire">{activity.budget_line?.name ?? '—'}</Row>
          <Row label="Coût estimé">
            {activity.estimated_cost === null ? '—' : <Money amount={activity.estimated_cost} />}
          </Row>
          <Row label="Coût réel (dépenses payées)">
            <Money amount={activity.actual_cost} />
          </Row>
        </dl>
        {activity.description && <p className="mt-3 text-sm text-slate-700">{activity.description}</p>}
      </Card>
      <Card title="Dépenses liées">
        {activity.expenses.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune demande de dépense liée à cette activité.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {activity.expenses.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>{e.title}</span>
                <Money amount={e.amount} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
