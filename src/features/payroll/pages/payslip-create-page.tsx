import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@/shared/lib/errors';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Combobox } from '@/shared/ui/combobox';
import { FormActions, useFailure } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { notify } from '@/shared/ui/toast';
import { useCreatePayslip, useEmployees } from '../api/payroll';
import { PayslipAmountFields } from '../components/payslip-fields';
import { payslipFormSchema, previousMonth, toPayslipBody, type PayslipFormValues } from '../lib/forms';
import { employeeName } from '../lib/labels';

/** 'fiches-de-paie/nouveau': a payslip of an active employee of the Level for a month. */
export function PayslipCreatePage() {
  const paths = useSpacePaths();
  const listPath = paths.page('payroll.list') ?? paths.home;
  usePageTitle('Nouvelle fiche de paie', { back: listPath });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const employees = useEmployees(entity, 'active', '', 1, 100);
  const create = useCreatePayslip();
  const { failure, attempt } = useFailure();
  const { register, control, handleSubmit, formState, getValues, setValue } = useForm<PayslipFormValues>({
    resolver: zodResolver(payslipFormSchema),
    defaultValues: { employee_id: '', month: previousMonth(), gross: '', allowances: '0', deductions: '0' },
  });
  const { errors, isSubmitting } = formState;
  const employeesPath = paths.page('payroll.employees');

  const submit = handleSubmit((values) =>
    attempt(async () => {
      const payslip = await create.mutateAsync(toPayslipBody(values));
      notify.success('Fiche de paie enregistrée.');
      navigate(paths.page('payroll.edit', { payslipId: payslip.id }) ?? listPath);
    }),
  );

  if (!entity) return <FormError message="Entité introuvable." />;
  return (
    <form onSubmit={submit} noValidate aria-label="Fiche de paie" className="mx-auto max-w-3xl space-y-4">
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        <Controller
          control={control}
          name="employee_id"
          render={({ field }) => (
            <Combobox<string>
              className="sm:col-span-2"
              label="Employé"
              required
              options={(employees.data?.data ?? []).map((e) => ({
                value: String(e.id),
                label: `${employeeName(e)} — ${e.position}`,
              }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                // the gross starts from the employee's base salary
                const chosen = employees.data?.data.find((e) => String(e.id) === value);
                if (chosen && !getValues('gross').trim())
                  setValue('gross', String(chosen.base_salary), { shouldValidate: false });
              }}
              onBlur={field.onBlur}
              loading={employees.isFetching}
              emptyText="Aucun employé actif"
              placeholder="Choisir un employé…"
              error={errors.employee_id}
            />
          )}
        />
        {employees.isError && <FormError className="sm:col-span-2" message={errorMessage(employees.error)} />}
        <PayslipAmountFields register={register} control={control} errors={errors} />
      </div>
      {employeesPath && (
        <p className="text-sm text-slate-600">
          Un employé manque ?{' '}
          <Link to={employeesPath} className="font-medium text-brand-700 hover:underline">
            Gérer les employés
          </Link>
        </p>
      )}
      <FormActions failure={failure} saving={isSubmitting} cancelTo={listPath} />
    </form>
  );
}
