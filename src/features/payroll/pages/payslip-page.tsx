import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import type { Payslip } from '@contract/payroll';
import { monthLabel, PAYROLL_MESSAGES } from '@contract/values/payroll';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/level/page-title';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { useFailure } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Money } from '@/shared/ui/money';
import { PrintButton, PrintStyles } from '@/shared/ui/print';
import { SimpleTable } from '@/shared/ui/simple-table';
import { notify } from '@/shared/ui/toast';
import { usePayslip, useUpdatePayslip } from '../api/payroll';
import { PayDialog } from '../components/pay-dialog';
import { PayslipAmountFields } from '../components/payslip-fields';
import { payslipFormSchema, payslipFormValues, toPayslipBody, type PayslipFormValues } from '../lib/forms';
import { employeeName, PAYROLL_WRITE_CODE } from '../lib/labels';

/**
 * 'fiches-de-paie/:payslipId/modifier': the payslip as it prints (A4), 'Payer' while it is unpaid, and
 * its amounts to correct until it is paid.
 */
export function PayslipPage() {
  const id = Number(useParams().payslipId);
  const valid = Number.isInteger(id) && id > 0;
  const payslip = usePayslip(valid ? id : null);
  const paths = useSpacePaths();
  usePageTitle(
    payslip.data
      ? `Fiche de paie de ${employeeName(payslip.data.employee)} — ${monthLabel(payslip.data.month)}`
      : 'Fiche de paie',
    { back: paths.page('payroll.list') ?? paths.here },
  );
  if (!valid) return <FormError message={PAYROLL_MESSAGES.payslipNotFound} />;
  if (payslip.isPending) return <LogoLoader />;
  if (payslip.isError)
    return <FormError message={errorMessage(payslip.error, PAYROLL_MESSAGES.payslipNotFound)} />;
  return <PayslipView payslip={payslip.data} />;
}

function PayslipView({ payslip }: { payslip: Payslip }) {
  const permissions = usePermissions(
    [PAYROLL_WRITE_CODE],
    permissionEntity({ entityType: payslip.entity_type, entityId: payslip.entity_id }),
  );
  const canWrite = permissions.has(PAYROLL_WRITE_CODE);
  const [paying, setPaying] = useState(false);
  const unpaid = payslip.status === 'unpaid';

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        <PrintButton />
        {canWrite && unpaid && payslip.net > 0 && <Button onClick={() => setPaying(true)}>Payer</Button>}
      </div>
      <PayslipSheet payslip={payslip} />
      {canWrite && unpaid && <EditCard payslip={payslip} />}
      {!unpaid && <p className="text-sm text-slate-600 print:hidden">{PAYROLL_MESSAGES.paidNotEditable}</p>}
      {canWrite && unpaid && <PayDialog payslip={payslip} open={paying} onOpenChange={setPaying} />}
    </div>
  );
}

/** The payslip as printed: the entity, the employee, the amounts and the payment. */
function PayslipSheet({ payslip }: { payslip: Payslip }) {
  const lines: Array<[string, number, string]> = [
    ['Salaire brut', payslip.gross, ''],
    ['Indemnités', payslip.allowances, '+'],
    ['Retenues', payslip.deductions, '−'],
  ];
  return (
    <Card className="payslip-print">
      <PrintStyles scope="payslip-print" />
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">{payslip.entity_name}</p>
          <h2 className="text-xl font-semibold text-slate-900">Bulletin de paie</h2>
          <p className="text-sm text-slate-700">Période : {monthLabel(payslip.month)}</p>
        </div>
        {payslip.status === 'paid' ? <Badge tone="green">Payée</Badge> : <Badge tone="amber">À payer</Badge>}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-600">Employé</dt>
          <dd className="font-medium">{employeeName(payslip.employee)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Poste</dt>
          <dd>{payslip.employee.position}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Date d'embauche</dt>
          <dd>{payslip.employee.hired_on ? formatDate(payslip.employee.hired_on) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Référence</dt>
          <dd>{`PAIE-${payslip.month}-${String(payslip.id).padStart(5, '0')}`}</dd>
        </div>
      </dl>
      <SimpleTable
        aria-label="Éléments de la paie"
        className="mt-4 w-full text-sm"
        headRowClassName="border-b border-slate-200 text-left"
        rowClassName="border-b border-slate-100"
        cellClassName="py-2"
        rows={lines}
        rowKey={([label]) => label}
        columns={[
          {
            key: 'label',
            header: 'Élément',
            headerClassName: 'font-medium',
            rowHeader: true,
            cellClassName: 'text-left font-normal',
            cell: ([label]) => label,
            footerHeader: true,
            footerClassName: 'text-left font-semibold',
            footer: 'Net à payer',
          },
          {
            key: 'amount',
            header: 'Montant',
            className: 'text-right',
            headerClassName: 'font-medium',
            cell: ([, amount, sign]) => (
              <>
                {sign && <span aria-hidden="true">{sign} </span>}
                <Money amount={amount} />
              </>
            ),
            footerClassName: 'font-semibold',
            footer: <Money amount={payslip.net} />,
          },
        ]}
      />
      <p className="mt-3 text-sm text-slate-700">
        {payslip.status === 'paid'
          ? `Payée le ${payslip.paid_on ? formatDate(payslip.paid_on) : '—'}${
              payslip.payment_account ? ` par ${payslip.payment_account.name}` : ''
            }.`
          : 'Non payée.'}
      </p>
      <div className="mt-10 hidden grid-cols-2 gap-6 text-sm print:grid">
        <p>Signature de l'employeur</p>
        <p>Signature de l'employé</p>
      </div>
    </Card>
  );
}

function EditCard({ payslip }: { payslip: Payslip }) {
  const update = useUpdatePayslip(payslip.id);
  const { failure, attempt } = useFailure();
  const { register, control, handleSubmit, formState, reset } = useForm<PayslipFormValues>({
    resolver: zodResolver(payslipFormSchema),
    defaultValues: payslipFormValues(payslip),
  });
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const { employee_id: _employee, ...body } = toPayslipBody(values);
      const saved = await update.mutateAsync(body);
      reset(payslipFormValues(saved));
      notify.success('Fiche de paie modifiée.');
    }),
  );
  return (
    <Card title="Modifier la fiche de paie" className="print:hidden">
      <form onSubmit={submit} noValidate aria-label="Modifier la fiche de paie" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <PayslipAmountFields register={register} control={control} errors={errors} />
        </div>
        <FormError message={failure} />
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting}>
            Enregistrer les modifications
          </Button>
        </div>
      </form>
    </Card>
  );
}
