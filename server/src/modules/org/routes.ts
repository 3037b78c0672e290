import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema, listQuerySchema } from '../../../../contract/common';
import {
  churchAnswerSchema,
  churchListQuerySchema,
  churchListSchema,
  createChurchBodySchema,
  createRegionBodySchema,
  createSectionBodySchema,
  currentNationalOfficeAnswerSchema,
  departmentAnswerSchema,
  departmentListQuerySchema,
  departmentListSchema,
  nationalOfficeAnswerSchema,
  nationalOfficeListSchema,
  regionAnswerSchema,
  regionListQuerySchema,
  regionListSchema,
  sectionAnswerSchema,
  sectionListQuerySchema,
  sectionListSchema,
} from '../../../../contract/org';
import { PERMISSIONS } from '../../../../contract/permissions';
import { authorize, authorizeVisible } from '../../http/authorize';
import { requireVisibility } from '../../http/context';
import * as org from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema };

/**
 * Creating under a parent asks the permission on it and nothing else: a direct grant may cover a
 * group the user holds no role in, and the service answers the 404 of an unknown parent.
 */
const PERMISSION_ONLY = { visibilityChecked: true };

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
        response: { 200: currentNationalOfficeAnswerSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
      return { data: await org.currentNationalOffice(db, visibility) };
    },
  );

  app.get(
    '/national-offices',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des bureaux nationaux visibles',
        querystring: listQuerySchema,
        response: { 200: nationalOfficeListSchema, ...errors },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
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
        response: { 200: nationalOfficeAnswerSchema, ...errors },
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
        response: { 200: regionListSchema, ...errors },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
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
        response: { 200: regionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'region', id: request.params.id });
      return { data: await org.getRegion(db, request.params.id) };
    },
  );

  app.post(
    '/regions',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Créer une région',
        description: `Super-administrateur, ou permission \`${PERMISSIONS.REGION_CREATE}\` sur le bureau national.`,
        body: createRegionBodySchema,
        response: { 201: regionAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { visibility } = await requireVisibility(request);
      const officeId =
        request.body.national_office_id ?? (await org.currentNationalOffice(db, visibility))?.id ?? 0;
      const user = await authorize(
        request,
        { type: 'national_office', id: officeId },
        PERMISSIONS.REGION_CREATE,
        PERMISSION_ONLY,
      );
      const id = await org.createRegion(
        db,
        { userId: user.userId, ip: request.ip },
        { name: request.body.name, national_office_id: officeId },
      );
      return reply.status(201).send({ data: await org.getRegion(db, id) });
    },
  );

  app.get(
    '/sections',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des sections visibles',
        querystring: sectionListQuerySchema,
        response: { 200: sectionListSchema, ...errors },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
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
        response: { 200: sectionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'section', id: request.params.id });
      return { data: await org.getSection(db, request.params.id) };
    },
  );

  app.post(
    '/sections',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Créer une section',
        description: `Super-administrateur, ou permission \`${PERMISSIONS.SECTION_CREATE}\` sur la région.`,
        body: createSectionBodySchema,
        response: { 201: sectionAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = await authorize(
        request,
        { type: 'region', id: request.body.region_id },
        PERMISSIONS.SECTION_CREATE,
        PERMISSION_ONLY,
      );
      const id = await org.createSection(db, { userId: user.userId, ip: request.ip }, request.body);
      return reply.status(201).send({ data: await org.getSection(db, id) });
    },
  );

  app.get(
    '/churches',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Liste des églises visibles',
        querystring: churchListQuerySchema,
        response: { 200: churchListSchema, ...errors },
      },
    },
    async (request) => {
      const { visibility } = await requireVisibility(request);
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
        response: { 200: churchAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'church', id: request.params.id });
      return { data: await org.getChurch(db, request.params.id) };
    },
  );

  app.post(
    '/churches',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Créer une église',
        description: `Super-administrateur, ou permission \`${PERMISSIONS.CHURCH_CREATE}\` sur la section.`,
        body: createChurchBodySchema,
        response: { 201: churchAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = await authorize(
        request,
        { type: 'section', id: request.body.section_id },
        PERMISSIONS.CHURCH_CREATE,
        PERMISSION_ONLY,
      );
      const id = await org.createChurch(db, { userId: user.userId, ip: request.ip }, request.body);
      return reply.status(201).send({ data: await org.getChurch(db, id) });
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
          response: { 200: departmentListSchema, ...errors },
        },
      },
      async (request) => {
        const { visibility } = await requireVisibility(request);
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
          response: { 200: departmentAnswerSchema, ...errors },
        },
      },
      async (request) => {
        await authorizeVisible(request, { type: 'department', id: request.params.id });
        return { data: await org.getDepartment(db, request.params.id) };
      },
    );
  }
};
