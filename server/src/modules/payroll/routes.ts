import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../../contract/common';
import {
  employeeAnswerSchema,
  employeeCreateSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeUpdateSchema,
  payslipAnswerSchema,
  payslipCreateSchema,
  payslipListQuerySchema,
  payslipListSchema,
  payslipPaySchema,
  payslipUpdateSchema,
  type PayrollEntityType,
} from '../../../../contract/payroll';
import { MONEY_WRITE_ERRORS } from '../../http/answers';
import { authorize } from '../../http/authorize';
import { idempotentWrite } from '../../http/idempotency';
import { createEmployee, employeeOr404, listEmployees, setEmployeeActive, updateEmployee } from './employees';
import { createPayslip, listPayslips, payPayslip, payslipOr404, updatePayslip } from './payslips';

const TAGS = ['Paie'];
// every route of the payroll declares the answers of a money write, its reads included (the OpenAPI document)
const errors = MONEY_WRITE_ERRORS;

/**
 * Writing the payroll (employees, payslips, paying them): the payers of the entity (its treasurer), as
 * for the fixed assets and the closings (decision 0029: SPEC.md names no payroll code).
 */
const PAYROLL_WRITE_PERMISSION = 'expense:validate';
/** Reading it (salaries are money): an expense permission on the entity, not mere visibility. */
const PAYROLL_READ_PERMISSIONS = ['expense:validate', 'expense_request:view', 'expense:view'];

/** The entity of an employee, a payslip or a query naming one, as authorize takes it. */
const entityOf = (record: { entity_type: PayrollEntityType; entity_id: number }) => ({
  type: record.entity_type,
  id: record.entity_id,
});

/** Employees and payslips of an entity (docs/features/payroll.md). */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/employees',
    {
      schema: {
        tags: TAGS,
        summary: "Employés d'une entité (paginés ; actifs par défaut)",
        querystring: employeeListQuerySchema,
        response: { 200: employeeListSchema, ...errors },
      },
    },
    async (request) => {
      await authorize(request, entityOf(request.query), PAYROLL_READ_PERMISSIONS);
      return listEmployees(db, request.query);
    },
  );

  app.get(
    '/employees/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'un employé",
        params: idParamSchema,
        response: { 200: employeeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const employee = await employeeOr404(db, request.params.id);
      await authorize(request, entityOf(employee), PAYROLL_READ_PERMISSIONS);
      return { data: employee };
    },
  );

  app.post(
    '/employees',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer un employé',
        description: "`expense:validate` sur l'entité.",
        body: employeeCreateSchema,
        response: { 201: employeeAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await authorize(request, entityOf(request.body), PAYROLL_WRITE_PERMISSION);
      const id = await createEmployee(db, actor, request.body);
      reply.code(201);
      return { data: await employeeOr404(db, id) };
    },
  );

  app.put(
    '/employees/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier un employé',
        description: "`expense:validate` sur l'entité de l'employé (qui ne change pas).",
        params: idParamSchema,
        body: employeeUpdateSchema,
        response: { 200: employeeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const current = await employeeOr404(db, request.params.id);
      const actor = await authorize(request, entityOf(current), PAYROLL_WRITE_PERMISSION);
      await updateEmployee(db, actor, current, request.body);
      return { data: await employeeOr404(db, current.id) };
    },
  );

  for (const [action, active, summary] of [
    ['archive', false, 'Archiver un employé (jamais supprimé : ses fiches de paie restent)'],
    ['restore', true, 'Réactiver un employé archivé'],
  ] as const) {
    app.post(
      `/employees/:id/${action}`,
      {
        schema: {
          tags: TAGS,
          summary,
          description: "`expense:validate` sur l'entité de l'employé. 409 s'il l'est déjà.",
          params: idParamSchema,
          // no body: one sent is refused
          body: z.strictObject({}).nullish(),
          response: { 200: employeeAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const current = await employeeOr404(db, request.params.id);
        const actor = await authorize(request, entityOf(current), PAYROLL_WRITE_PERMISSION);
        await setEmployeeActive(db, actor, current.id, active);
        return { data: await employeeOr404(db, current.id) };
      },
    );
  }

  app.get(
    '/payslips',
    {
      schema: {
        tags: TAGS,
        summary: "Fiches de paie d'une entité (un mois ou toutes), avec les totaux de l'ensemble",
        querystring: payslipListQuerySchema,
        response: { 200: payslipListSchema, ...errors },
      },
    },
    async (request) => {
      await authorize(request, entityOf(request.query), PAYROLL_READ_PERMISSIONS);
      return listPayslips(db, request.query);
    },
  );

  app.get(
    '/payslips/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Détail d'une fiche de paie",
        params: idParamSchema,
        response: { 200: payslipAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const payslip = await payslipOr404(db, request.params.id);
      await authorize(request, entityOf(payslip), PAYROLL_READ_PERMISSIONS);
      return { data: payslip };
    },
  );

  app.post(
    '/payslips',
    {
      schema: {
        tags: TAGS,
        summary: 'Établir une fiche de paie',
        description:
          "`expense:validate` sur l'entité de l'employé. Une fiche par employé et par mois (409) ; " +
          'net = brut + indemnités - retenues, calculé par le serveur.',
        body: payslipCreateSchema,
        response: { 201: payslipAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const employee = await employeeOr404(db, request.body.employee_id);
      const actor = await authorize(request, entityOf(employee), PAYROLL_WRITE_PERMISSION);
      const id = await createPayslip(db, actor, employee, request.body);
      reply.code(201);
      return { data: await payslipOr404(db, id) };
    },
  );

  app.put(
    '/payslips/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Modifier une fiche de paie tant qu'elle n'est pas payée",
        description: "`expense:validate` sur l'entité. 409 si elle est payée ou si le mois a déjà sa fiche.",
        params: idParamSchema,
        body: payslipUpdateSchema,
        response: { 200: payslipAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const current = await payslipOr404(db, request.params.id);
      const actor = await authorize(request, entityOf(current), PAYROLL_WRITE_PERMISSION);
      await updatePayslip(db, actor, current.id, request.body);
      return { data: await payslipOr404(db, current.id) };
    },
  );

  app.post(
    '/payslips/:id/pay',
    {
      schema: {
        tags: TAGS,
        summary: 'Payer une fiche de paie',
        description:
          "`expense:validate` sur l'entité. Écrit la sortie de trésorerie du net (compte de charges de " +
          'personnel, classe 66) dans la même transaction ; idempotent avec `Idempotency-Key`. 409 : déjà ' +
          'payée, exercice clôturé, entité archivée.',
        params: idParamSchema,
        body: payslipPaySchema,
        response: { 200: payslipAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const current = await payslipOr404(db, request.params.id);
      const actor = await authorize(request, entityOf(current), PAYROLL_WRITE_PERMISSION);
      return idempotentWrite(request, reply, actor.userId, async (tx) => ({
        status: 200,
        body: { data: await payPayslip(tx, actor, current.id, request.body) },
      }));
    },
  );
};
