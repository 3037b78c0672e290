import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { ActivityReportDetail } from '@contract/activities';
import { levelEntity, parseIdParam, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { entityParams } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { DateField } from '@/shared/ui/date-field';
import { Dropzone } from '@/shared/ui/dropzone';
import { FormActions } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { NumberField } from '@/shared/ui/number-field';
import { Select } from '@/shared/ui/select';
import { Spinner } from '@/shared/ui/spinner';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import {
  uploadReportFiles,
  useActivities,
  useCreateReport,
  useReport,
  useUpdateReport,
} from '../api/activities';
import { ReportAttachments } from '../components/report-attachments';
import { optionalNumber, reportFormSchema, type ReportFormValues } from '../lib/forms';

const NONE = 'none';

const valuesOf = (r: ActivityReportDetail | undefined): ReportFormValues => ({
  title: r?.title ?? '',
  period_start: r?.period_start ?? '',
  period_end: r?.period_end ?? '',
  planned_activity_id: r?.plannedActivity ? String(r.plannedActivity.id) : NONE,
  men: r ? String(r.men) : '',
  women: r ? String(r.women) : '',
  children: r ? String(r.children) : '',
  summary: r?.summary ?? '',
  results: r?.results ?? '',
  difficulties: r?.difficulties ?? '',
});

/** 'Nouveau rapport' and 'Modifier le rapport': the same form; a new report is saved as a draft. */
export function ReportFormPage() {
  const params = useParams();
  const editing = params.reportId !== undefined;
  const reportId = editing ? parseIdParam(params.reportId) : 0;
  const existing = useReport(reportId);
  return editing ? (
    existing.data ? (
      <ReportForm report={existing.data} />
    ) : existing.isError ? (
      <FormError message={errorMessage(existing.error)} />
    ) : (
      <Spinner label="Chargement du rapport" />
    )
  ) : (
    <ReportForm />
  );
}

function ReportForm({ report }: { report?: ActivityReportDetail }) {
  const paths = useSpacePaths();
  const listPath = paths.page('activities.reports');
  usePageTitle(report ? 'Modifier le rapport' : "Nouveau rapport d'activités", {
    back: report ? paths.record('activities.report', { reportId: report.id }) : (listPath ?? paths.here),
  });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const activities = useActivities(entity, {});
  const create = useCreateReport();
  const update = useUpdateReport(report?.id ?? 0);
  const form = useForm<ReportFormValues>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: valuesOf(report),
  });
  useEffect(() => form.reset(valuesOf(report)), [report, form]);
  const errors = form.formState.errors;
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const saving = create.isPending || update.isPending || progress !== undefined;

  const submit = form.handleSubmit(async (v) => {
    const body = {
      title: v.title,
      period_start: v.period_start,
      period_end: v.period_end,
      planned_activity_id: v.planned_activity_id === NONE ? undefined : Number(v.planned_activity_id),
      men: optionalNumber(v.men) ?? 0,
      women: optionalNumber(v.women) ?? 0,
      children: optionalNumber(v.children) ?? 0,
      summary: v.summary,
      results: v.results || undefined,
      difficulties: v.difficulties || undefined,
    };
    try {
      let id = report?.id;
      if (report) await update.mutateAsync(body);
      else if (entity) id = await create.mutateAsync({ ...entityParams(entity), ...body });
      notify.success(report ? 'Rapport enregistré.' : 'Rapport enregistré en brouillon.');
      if (!report && id && files.length > 0) {
        // the draft exists: a failed upload is said, and the files can be joined again on its page
        try {
          await uploadReportFiles(id, files, setProgress);
        } catch (error) {
          notify.error(`Échec de l'envoi des fichiers : ${errorMessage(error)}`);
        } finally {
          setProgress(undefined);
        }
      }
      navigate(paths.record('activities.report', { reportId: id! }) ?? listPath ?? paths.home);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card>
        {report?.status === 'returned' && report.return_comment && (
          <p
            role="note"
            className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            Renvoyé : {report.return_comment}
          </p>
        )}
        <form noValidate aria-label="Rapport d'activités" className="space-y-4" onSubmit={submit}>
          <TextField label="Titre" required error={errors.title?.message} {...form.register('title')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField
              label="Début de la période"
              required
              error={errors.period_start?.message}
              {...form.register('period_start')}
            />
            <DateField
              label="Fin de la période"
              required
              error={errors.period_end?.message}
              {...form.register('period_end')}
            />
          </div>
          <Controller
            control={form.control}
            name="planned_activity_id"
            render={({ field }) => (
              <Select
                label="Activité planifiée"
                value={field.value}
                onChange={field.onChange}
                options={[
                  { value: NONE, label: 'Aucune activité' },
                  ...(activities.data?.data ?? []).map((a) => ({
                    value: String(a.id),
                    label: `${a.title} (${formatDate(a.planned_date)})`,
                  })),
                ]}
              />
            )}
          />
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium text-slate-800">Participants</legend>
            <NumberField
              label="Hommes"
              inputMode="numeric"
              min={0}
              error={errors.men?.message}
              {...form.register('men')}
            />
            <NumberField
              label="Femmes"
              inputMode="numeric"
              min={0}
              error={errors.women?.message}
              {...form.register('women')}
            />
            <NumberField
              label="Enfants"
              inputMode="numeric"
              min={0}
              error={errors.children?.message}
              {...form.register('children')}
            />
          </fieldset>
          <TextAreaField
            label="Résumé"
            required
            rows={4}
            error={errors.summary?.message}
            {...form.register('summary')}
          />
          <TextAreaField
            label="Résultats"
            rows={3}
            error={errors.results?.message}
            {...form.register('results')}
          />
          <TextAreaField
            label="Difficultés"
            rows={3}
            error={errors.difficulties?.message}
            {...form.register('difficulties')}
          />
          {!report && (
            <Dropzone
              label="Photos et documents (PDF)"
              value={files}
              onChange={setFiles}
              progress={progress}
            />
          )}
          <FormError
            message={
              create.isError ? errorMessage(create.error) : update.isError ? errorMessage(update.error) : null
            }
          />
          <FormActions saving={saving} />
        </form>
      </Card>
      {report && <ReportAttachments reportId={report.id} editable={report.can.edit} />}
    </div>
  );
}
