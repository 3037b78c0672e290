import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKUP_MESSAGES_UI as M,
  backupAnswerSchema,
  backupListSchema,
  backupNameParamsSchema,
} from '../../../../contract/backups';
import { errorAnswers } from '../../http/answers';
import { authorizeOperator, authorizeSuperAdmin } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { BackupService } from './service';

const TAGS = ['Sauvegardes'];

/** The admin's backups page (/admin/sauvegardes) and `npm run backup` on PGlite (decision 0044). */
export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  app.get(
    '/backups',
    {
      schema: {
        tags: TAGS,
        summary: 'Les sauvegardes de BACKUP_DIR',
        description: 'Les plus récentes d’abord : date, taille, tables et lignes. Super-administrateur.',
        response: { 200: backupListSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      await authorizeSuperAdmin(request);
      return { data: await backups.list(), running: backups.running(), keep: app.deps.config.backupKeep };
    },
  );

  app.post(
    '/backups',
    {
      schema: {
        tags: TAGS,
        summary: 'Sauvegarder maintenant',
        description:
          'Écrit une sauvegarde (un instantané de chaque table et de chaque pièce jointe, compressé) dans ' +
          'BACKUP_DIR et la décrit. Pendant qu’une sauvegarde s’écrit, un nouvel appel répond la même. ' +
          'Super-administrateur, ou `npm run backup` sur la machine du serveur (jeton X-Ops-Token). ' +
          '409 quand un autre serveur sur la même base PostgreSQL en écrit une.',
        body: z.strictObject({}).nullish(),
        response: { 201: backupAnswerSchema, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request, reply) => {
      await authorizeOperator(request);
      const backup = await backups.take();
      if (!backup) throw httpError(409, M.busy);
      reply.code(201);
      return { data: backup };
    },
  );

  app.get(
    '/backups/:name',
    {
      schema: {
        tags: TAGS,
        summary: 'Télécharger une sauvegarde',
        description: 'Le fichier .jsonl.gz. Super-administrateur.',
        params: backupNameParamsSchema,
        response: {
          200: z.unknown().describe('La sauvegarde (application/gzip).'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await authorizeSuperAdmin(request);
      const file = await backups.file(request.params.name);
      if (!file) throw httpError(404, M.notFound);
      reply
        .header('Content-Type', 'application/gzip')
        .header('Content-Disposition', `attachment; filename="${request.params.name}"`)
        .header('Cache-Control', 'private, no-store');
      return reply.send(createReadStream(file));
    },
  );
};
