import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamSchema } from '../../../../contract/common';
import {
  churchAnswerSchema,
  createChurchBodySchema,
  createNationalOfficeBodySchema,
  createRegionBodySchema,
  createSectionBodySchema,
  moveChurchBodySchema,
  nationalOfficeAnswerSchema,
  ORG_MESSAGES,
  orgRemovalAnswerSchema,
  regionAnswerSchema,
  sectionAnswerSchema,
  updateOrgBodySchema,
} from '../../../../contract/org';
import { PERMISSIONS } from '../../../../contract/permissions';
import { WRITE_ERRORS } from '../../http/answers';
import { authorizeScope, gateOf } from '../../http/authorize';
import { getChurch, getNationalOffice, getRegion, getSection } from './queries';
import * as org from './service';

/**
 * The administration of the organisation (decision 0022): create under a parent, edit, archive (or
 * delete) and restore at every level, move a church. Who may is policy.ts's, asked by the services
 * through the Gate; each answer is the entity as its detail reads it.
 */
export const orgAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/regions',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Créer une région',
        description: `Super-administrateur, ou permission \`${PERMISSIONS.REGION_CREATE}\` sur le bureau national.`,
        body: createRegionBodySchema,
        response: { 201: regionAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { visibility } = await authorizeScope(request);
      const id = await org.createRegion(db, await gateOf(request), visibility, request.body);
      return reply.status(201).send({ data: await getRegion(db, id) });
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
        response: { 201: sectionAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const id = await org.createSection(db, await gateOf(request), request.body);
      return reply.status(201).send({ data: await getSection(db, id) });
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
        response: { 201: churchAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const id = await org.createChurch(db, await gateOf(request), request.body);
      return reply.status(201).send({ data: await getChurch(db, id) });
    },
  );

  app.post(
    '/national-offices',
    {
      schema: {
        tags: ['Organisation'],
        summary: 'Créer un bureau national',
        description: 'Super-administrateur seulement.',
        body: createNationalOfficeBodySchema,
        response: { 201: nationalOfficeAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const id = await org.createNationalOffice(db, await gateOf(request), request.body);
      return reply.status(201).send({ data: await getNationalOffice(db, id) });
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
        response: { 200: churchAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { section_id, effective_date } = request.body;
      await org.moveChurch(db, await gateOf(request), id, section_id, effective_date);
      return { data: await getChurch(db, id) };
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
    answer: z.ZodType<{ data: T }>;
    read: (id: number) => Promise<T>;
  }) {
    const { level } = spec;

    app.put(
      `${spec.path}/:id`,
      {
        schema: {
          tags: ['Organisation'],
          summary: `Modifier ${spec.noun}`,
          description:
            level === 'national_office'
              ? 'Nom et coordonnées. Super-administrateur seulement.'
              : `Nom et coordonnées. Permission \`${level}:update\` sur l'entité (ou au-dessus).`,
          params: idParamSchema,
          body: updateOrgBodySchema,
          response: { 200: spec.answer, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const { id } = request.params;
        await org.updateEntity(db, await gateOf(request), level, id, request.body);
        return { data: await spec.read(id) };
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
          response: { 200: orgRemovalAnswerSchema, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const { id } = request.params;
        const outcome = await org.removeEntity(db, await gateOf(request), level, id);
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
          response: { 200: spec.answer, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const { id } = request.params;
        await org.restoreEntity(db, await gateOf(request), level, id);
        return { data: await spec.read(id) };
      },
    );
  }

  writeRoutes({
    level: 'national_office',
    path: '/national-offices',
    noun: 'un bureau national',
    answer: nationalOfficeAnswerSchema,
    read: (id) => getNationalOffice(db, id),
  });
  writeRoutes({
    level: 'region',
    path: '/regions',
    noun: 'une région',
    answer: regionAnswerSchema,
    read: (id) => getRegion(db, id),
  });
  writeRoutes({
    level: 'section',
    path: '/sections',
    noun: 'une section',
    answer: sectionAnswerSchema,
    read: (id) => getSection(db, id),
  });
  writeRoutes({
    level: 'church',
    path: '/churches',
    noun: 'une église',
    answer: churchAnswerSchema,
    read: (id) => getChurch(db, id),
  });
};
