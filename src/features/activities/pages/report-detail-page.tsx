import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { parseIdParam } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatDateTime } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { PrintButton, PrintStyles } from '@/shared/ui/print';
import { Spinner } from '@/shared/ui/spinner';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { toastWrite } from '@/shared/ui/toast';
import { useReport, useReturnReport, useSubmitReport } from '../api/activities';
import { ReportStatusBadge } from '../components/badges';
import { ReportAttachments } from '../components/report-attachments';
import { returnFormSchema } from '../lib/forms';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Text({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <p className="whitespace-pre-line text-sm text-slate-700">{text}</p>
    </section>
  );
}

/**
 * An activity report: its facts, attendance, texts and actual cost; 'Modifier' and 'Soumettre' for its
 * level while a draft or sent back, 'Renvoyer' (with a comment) for the level above once submitted;
 * 'Imprimer' (A4); its photos and PDF, added and removed while it may be edited.
 */
export function ReportDetailPage() {
  const reportId = parseIdParam(useParams().reportId);
  const paths = useSpacePaths();
  const navigate = useNavigate();
  const query = useReport(reportId);
  const report = query.data;
  usePageTitle(report?.title ?? "Rapport d'activités", {
    back: paths.page('activities.reports') ?? paths.here,
  });
  const submit = useSubmitReport(reportId);
  const sendBack = useReturnReport(reportId);
  const [returning, setReturning] = useState(false);
  const form = useForm<{ comment: string }>({
    resolver: zodResolver(returnFormSchema),
    defaultValues: { comment: '' },
  });
  const editPath = paths.record('activities.reportEdit', { reportId });

  if (query.isLoading) return <Spinner label="Chargement du rapport" />;
  if (!report) return <FormError message={errorMessage(query.error)} />;

  const doSubmit = async () => {
    await toastWrite(submit.mutateAsync(), 'Rapport soumis au niveau supérieur.');
  };
  const doReturn = form.handleSubmit(async ({ comment }) => {
    if (await toastWrite(sendBack.mutateAsync(comment), 'Rapport renvoyé.')) {
      setReturning(false);
      form.reset();
    }
  });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PrintStyles scope="report-print" />
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        {report.can.edit && editPath && (
          <Button variant="secondary" onClick={() => navigate(editPath)}>
            Modifier
          </Button>
        )}
        {report.can.submit && (
          <Button loading={submit.isPending} onClick={doSubmit}>
            Soumettre
          </Button>
        )}
        {report.can.return && (
          <Button variant="danger" onClick={() => setReturning(true)}>
            Renvoyer
          </Button>
        )}
        <PrintButton onClick={() => window.print()} />
      </div>
      {report.status === 'returned' && report.return_comment && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Renvoyé{report.returned_by ? ` par ${report.returned_by}` : ''}
          {report.returned_at ? ` le ${formatDateTime(report.returned_at)}` : ''} : {report.return_comment}
        </p>
      )}
      <div className="report-print space-y-6">
        <Card title={report.title} description={report.entity ?? undefined}>
          <dl>
            <Fact label="Statut">
              <ReportStatusBadge status={report.status} />
            </Fact>
            <Fact label="Période">
              {formatDate(report.period_start)} – {formatDate(report.period_end)}
            </Fact>
            <Fact label="Activité planifiée">
              {report.plannedActivity
                ? `${report.plannedActivity.title} (${formatDate(report.plannedActivity.planned_date)})`
                : '—'}
            </Fact>
            <Fact label="Hommes">{report.men}</Fact>
            <Fact label="Femmes">{report.women}</Fact>
            <Fact label="Enfants">{report.children}</Fact>
            <Fact label="Total des participants">{report.men + report.women + report.children}</Fact>
            {report.actual_cost !== null && (
              <Fact label="Coût réel (dépenses payées)">
                <Money amount={report.actual_cost} />
              </Fact>
            )}
            <Fact label="Rédigé par">{report.created_by ?? '—'}</Fact>
            {report.submitted_at && (
              <Fact label="Soumis le">
                {formatDateTime(report.submitted_at)}
                {report.submitted_by ? ` par ${report.submitted_by}` : ''}
              </Fact>
            )}
          </dl>
        </Card>
        <Card className="space-y-4">
          <Text title="Résumé" text={report.summary} />
          <Text title="Résultats" text={report.results} />
          <Text title="Difficultés" text={report.difficulties} />
        </Card>
        <ReportAttachments reportId={report.id} editable={report.can.edit} />
      </div>
      <Dialog
        open={returning}
        onOpenChange={(next) => !sendBack.isPending && setReturning(next)}
        title="Renvoyer le rapport"
      >
        <form noValidate aria-label="Renvoi du rapport" className="space-y-4" onSubmit={doReturn}>
          <TextAreaField
            label="Commentaire"
            required
            rows={4}
            error={form.formState.errors.comment?.message}
            {...form.register('comment')}
          />
          <FormActions
            failure={sendBack.isError ? errorMessage(sendBack.error) : null}
            saving={sendBack.isPending}
            danger
            submitLabel="Renvoyer"
            onCancel={() => setReturning(false)}
          />
        </form>
      </Dialog>
    </div>
  );
}
