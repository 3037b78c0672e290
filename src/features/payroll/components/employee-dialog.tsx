import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Employee } from '@contract/payroll';
import type { EntityLevel } from '@/shared/level/level-context';
import { DateField } from '@/shared/ui/date-field';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions, useFailure } from '@/shared/ui/form-actions';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useCreateEmployee, useUpdateEmployee } from '../api/payroll';
import {
  employeeFormSchema,
  employeeFormValues,
  toEmployeeBody,
  type EmployeeFormValues,
} from '../lib/forms';

/** The employee form in a dialog: a new employee of the Level (`employee` null) or an edit. */
export function EmployeeDialog({
  entity,
  employee,
  open,
  onOpenChange,
}: {
  entity: EntityLevel;
  employee: Employee | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={employee ? `Modifier ${employee.first_name} ${employee.last_name}` : 'Nouvel employé'}
      size="lg"
    >
      {open && (
        <EmployeeForm
          key={employee?.id ?? 'new'}
          entity={entity}
          employee={employee}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function EmployeeForm({
  entity,
  employee,
  onDone,
}: {
  entity: EntityLevel;
  employee: Employee | null;
  onDone: () => void;
}) {
  const { failure, attempt } = useFailure();
  const create = useCreateEmployee(entity);
  const update = useUpdateEmployee();
  const { register, handleSubmit, formState } = useForm<EmployeeFormValues>({
    resolver: zodResolver(employeeFormSchema),
    defaultValues: employeeFormValues(employee),
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit((values) =>
    attempt(async () => {
      const body = toEmployeeBody(values);
      if (employee) await update.mutateAsync({ id: employee.id, body });
      else await create.mutateAsync(body);
      notify.success(employee ? 'Employé modifié.' : 'Employé enregistré.');
      onDone();
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Employé" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Prénom" required error={errors.first_name} {...register('first_name')} />
        <TextField label="Nom" required error={errors.last_name} {...register('last_name')} />
        <TextField label="Poste" required error={errors.position} {...register('position')} />
        <DateField label="Date d'embauche" error={errors.hired_on} {...register('hired_on')} />
        <TextField
          label="Salaire de base"
          required
          inputMode="numeric"
          suffix="FCFA"
          error={errors.base_salary}
          {...register('base_salary')}
        />
        <TextField
          label="Téléphone"
          type="tel"
          autoComplete="off"
          error={errors.phone}
          {...register('phone')}
        />
      </div>
      <FormActions failure={failure} saving={isSubmitting} onCancel={onDone} />
    </form>
  );
}
