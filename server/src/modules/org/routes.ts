import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../contract/common';
import {
  churchAnswerSchema,
  churchListQuerySchema,
  churchListSchema,
  currentNationalOfficeAnswerSchema,
  departmentAnswerSchema,
  departmentListQuerySchema,
  departmentListSchema,
  nationalOfficeAnswerSchema,
  nationalOfficeListQuerySchema,
  nationalOfficeListSchema,
  regionAnswerSchema,
  regionChurchesQuerySchema,
  regionListQuerySchema,
  regionListSchema,
  sectionAnswerSchema,
  sectionListQuerySchema,
  sectionListSchema,
} from '../../../../contract/org';
import { errorAnswers, READ_ERRORS } from '../../http/answers';
import { authorizeScope, authorizeVisible } from '../../http/authorize';
import { orgAdminRoutes } from './admin-routes';
import * as org from './queries';

/**
 * The organisation's tree (docs/features/org.md): the lists of the visible entities and one entity's
 * detail at each level, then the administration's writes (admin-routes.ts), then a region's churches
 * and the departments.
 */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/national-office',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Le bureau national de l'utilisateur",
        description:
          "Celui de l'utilisateur connecté, sinon le premier ; `data` vaut null s'il n'y en a aucun.",
        response: { 200: currentNationalOfficeAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      return { data: await org.currentNationalOffice(db, visibility) };
    },
  );

  app.get(
    '/national-offices',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des bureaux nationaux visibles',
        querystring: nationalOfficeListQuerySchema,
        response: { 200: nationalOfficeListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      return org.listNationalOffices(db, visibility, request.query);
    },
  );

  app.get(
    '/national-offices/:id',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Détail d'un bureau national",
        params: idParamSchema,
        response: { 200: nationalOfficeAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'national_office', id: request.params.id });
      return { data: await org.getNationalOffice(db, request.params.id) };
    },
  );

  app.get(
    '/regions',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des régions visibles',
        querystring: regionListQuerySchema,
        response: { 200: regionListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      return org.listRegions(db, visibility, request.query);
    },
  );

  app.get(
    '/regions/:id',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Détail d'une région",
        params: idParamSchema,
        response: { 200: regionAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'region', id: request.params.id });
      return { data: await org.getRegion(db, request.params.id) };
    },
  );

  app.get(
    '/sections',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des sections visibles',
        querystring: sectionListQuerySchema,
        response: { 200: sectionListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      return org.listSections(db, visibility, request.query);
    },
  );

  app.get(
    '/sections/:id',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Détail d'une section",
        params: idParamSchema,
        response: { 200: sectionAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'section', id: request.params.id });
      return { data: await org.getSection(db, request.params.id) };
    },
  );

  app.get(
    '/churches',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des églises visibles',
        querystring: churchListQuerySchema,
        response: { 200: churchListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      return org.listChurches(db, visibility, request.query);
    },
  );

  app.get(
    '/churches/:id',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Détail d'une église",
        params: idParamSchema,
        response: { 200: churchAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'church', id: request.params.id });
      return { data: await org.getChurch(db, request.params.id) };
    },
  );

  // edit, archive, restore and move, declared where they stood (the OpenAPI document keeps its order)
  await app.register(orgAdminRoutes);

  app.get(
    '/regions/:id/churches',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Les églises d'une région (SPEC.md section 7)",
        description:
          'Les mêmes options que GET /churches (search, page, limit, archived, section_id, sort, order), limitées à la région ; la région doit être visible.',
        params: idParamSchema,
        querystring: regionChurchesQuerySchema,
        response: { 200: churchListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'region', id: request.params.id });
      const { visibility } = await authorizeScope(request);
      return org.listChurches(db, visibility, { ...request.query, region_id: request.params.id });
    },
  );

  for (const path of ['/activity-groups', '/departments']) {
    app.get(
      path,
      {
        schema: {
          tags: ['Organisation'],
          summary: 'Liste des départements (groupes d’activités) visibles',
          querystring: departmentListQuerySchema,
          response: { 200: departmentListSchema, ...READ_ERRORS },
        },
      },
      async (request) => {
        const { visibility } = await authorizeScope(request);
        return org.listDepartments(db, visibility, request.query);
      },
    );
  }

  for (const path of ['/activity-groupes/:id', '/departments/:id']) {
    app.get(
      path,
      {
        schema: {
          tags: ['Organisation'],
          summary: "Détail d'un département (groupe d’activités)",
          params: idParamSchema,
          response: { 200: departmentAnswerSchema, ...READ_ERRORS },
        },
      },
      async (request) => {
        await authorizeVisible(request, { type: 'department', id: request.params.id });
        return { data: await org.getDepartment(db, request.params.id) };
      },
    );
  }
};
