import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  churchAnswerSchema,
  churchListQuerySchema,
  churchListSchema,
  createChurchBodySchema,
  createNationalOfficeBodySchema,
  moveChurchBodySchema,
  nationalOfficeListQuerySchema,
  ORG_MESSAGES,
  orgRemovalAnswerSchema,
  regionChurchesQuerySchema,
  updateOrgBodySchema,
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
import { requireUser, requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import type { Db } from '../../db/client';
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
        querystring: nationalOfficeListQuerySchema,
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
        { ...request.body, national_office_id: officeId },
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

  // ---------------------------------------------------------------- administration (issue 20)

  const actorOf = (user: { userId: number }, request: { ip: string }) => ({
    userId: user.userId,
    ip: request.ip,
  });

  /** The national offices are the super-administrator's to create, change and archive (403 otherwise). */
  async function requireSuperAdmin(request: FastifyRequest) {
    const user = await requireUser(request);
    if (!user.isSuperAdmin) throw httpError(403, ORG_MESSAGES.superAdminOnly);
    return user;
  }

  app.post(
    '/national-offices',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Créer un bureau national',
        description: 'Super-administrateur seulement.',
        body: createNationalOfficeBodySchema,
        response: { 201: nationalOfficeAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = await requireSuperAdmin(request);
      const id = await org.createNationalOffice(db, actorOf(user, request), request.body);
      return reply.status(201).send({ data: await org.getNationalOffice(db, id) });
    },
  );

  app.post(
    '/churches/:id/move',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Déplacer une église dans une autre section',
        description: `Permission \`${PERMISSIONS.CHURCH_UPDATE}\` sur l'église et \`${PERMISSIONS.CHURCH_CREATE}\` sur la section d'arrivée. Les opérations, les fidèles et l'historique de l'église restent les siens ; seule la section change. \`effective_date\` (AAAA-MM-JJ, aujourd'hui par défaut) : premier jour dans la nouvelle section ; les totaux de section et de région (GET /treasury-totals) comptent les mouvements d'avant sous l'ancienne section.`,
        params: idParamSchema,
        body: moveChurchBodySchema,
        response: { 200: churchAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = await authorize(request, { type: 'church', id }, PERMISSIONS.CHURCH_UPDATE);
      await authorize(
        request,
        { type: 'section', id: request.body.section_id },
        PERMISSIONS.CHURCH_CREATE,
        PERMISSION_ONLY,
      );
      await org.moveChurch(
        db,
        actorOf(user, request),
        id,
        request.body.section_id,
        request.body.effective_date,
      );
      return { data: await org.getChurch(db, id) };
    },
  );

  /**
   * Edit, archive (or delete when nothing hangs on it) and restore, the same way at every level:
   * `{level}:update` on the entity to edit it; `{level}:delete` or `{level}:create` on its parent to
   * archive or restore it (who may add a child may also archive it). National offices: super-admin.
   */
  function writeRoutes<T>(spec: {
    level: org.OrgLevel;
    path: string;
    noun: string;
    parent: 'national_office' | 'region' | 'section' | null;
    answer: z.ZodType<{ data: T }>;
    read: (db: Db, id: number) => Promise<T>;
  }) {
    const { level } = spec;
    const removers = [`${level}:delete`, `${level}:create`];

    async function authorizeOnParent(request: FastifyRequest, id: number) {
      if (!spec.parent) return requireSuperAdmin(request);
      await requireUser(request);
      const parentId = await org.parentOf(db, level, id);
      return authorize(request, { type: spec.parent, id: parentId ?? 0 }, removers, PERMISSION_ONLY);
    }

    app.put(
      `${spec.path}/:id`,
      {
        schema: {
          tags: ['Organisation'],
          summary: `Modifier ${spec.noun}`,
          description: spec.parent
            ? `Nom et coordonnées. Permission \`${level}:update\` sur l'entité (ou au-dessus).`
            : 'Nom et coordonnées. Super-administrateur seulement.',
          params: idParamSchema,
          body: updateOrgBodySchema,
          response: { 200: spec.answer, ...writeErrors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const user = spec.parent
          ? await authorize(request, { type: level, id }, `${level}:update`)
          : await requireSuperAdmin(request);
        await org.updateEntity(db, actorOf(user, request), level, id, request.body);
        return { data: await spec.read(db, id) };
      },
    );

    app.delete(
      `${spec.path}/:id`,
      {
        schema: {
          tags: ['Organisation'],
          summary: `Archiver ${spec.noun} (ou la supprimer si rien n'y est rattaché)`,
          description:
            "Archivée quand des membres, des postes, des opérations ou des enfants y sont rattachés ; supprimée sinon. Refusé (409) tant qu'elle a des enfants actifs.",
          params: idParamSchema,
          response: { 200: orgRemovalAnswerSchema, ...writeErrors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const user = await authorizeOnParent(request, id);
        const outcome = await org.removeEntity(db, actorOf(user, request), level, id);
        return {
          data: {
            id,
            outcome,
            message: outcome === 'deleted' ? ORG_MESSAGES.deleted : ORG_MESSAGES.archivedDone,
          },
        };
      },
    );

    app.post(
      `${spec.path}/:id/restore`,
      {
        schema: {
          tags: ['Organisation'],
          summary: `Restaurer ${spec.noun} archivé(e)`,
          params: idParamSchema,
          response: { 200: spec.answer, ...writeErrors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const user = await authorizeOnParent(request, id);
        await org.restoreEntity(db, actorOf(user, request), level, id);
        return { data: await spec.read(db, id) };
      },
    );
  }

  writeRoutes({
    level: 'national_office',
    path: '/national-offices',
    noun: 'un bureau national',
    parent: null,
    answer: nationalOfficeAnswerSchema,
    read: org.getNationalOffice,
  });
  writeRoutes({
    level: 'region',
    path: '/regions',
    noun: 'une région',
    parent: 'national_office',
    answer: regionAnswerSchema,
    read: org.getRegion,
  });
  writeRoutes({
    level: 'section',
    path: '/sections',
    noun: 'une section',
    parent: 'region',
    answer: sectionAnswerSchema,
    read: org.getSection,
  });
  writeRoutes({
    level: 'church',
    path: '/churches',
    noun: 'une église',
    parent: 'section',
    answer: churchAnswerSchema,
    read: org.getChurch,
  });

  app.get(
    '/regions/:id/churches',
    {
      schema: {
        tags: ['Organisation'],
        summary: "Les églises d'une région (SPEC.md section 7)",
        description:
          'Les mêmes options que GET /churches (search, page, limit, archived, section_id), limitées à la région ; la région doit être visible.',
        params: idParamSchema,
        querystring: regionChurchesQuerySchema,
        response: { 200: churchListSchema, ...errors },
      },
    },
    async (request) => {
      await authorizeVisible(request, { type: 'region', id: request.params.id });
      const { visibility } = await requireVisibility(request);
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
