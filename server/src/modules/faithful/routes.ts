import fastifyMultipart from '@fastify/multipart';
import { uploadReadError } from '../../http/security';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, listQuerySchema } from '../../../../contract/common';
import {
  createFaithfulBodySchema,
  createTransferAnswerSchema,
  createTransferBodySchema,
  faithfulListQuerySchema,
  faithfulPageQuerySchema,
  faithfulListSchema,
  faithfulTransferAnswerSchema,
  faithfulTransferListSchema,
  IMPORT_LIMITS,
  importQuerySchema,
  importRejectedSchema,
  importReportSchema,
  transferDestinationListSchema,
  transferListQuerySchema,
  updateFaithfulBodySchema,
  userAnswerSchema,
  userSearchQuerySchema,
} from '../../../../contract/faithful';
import { errorAnswers, READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import {
  ANYWHERE,
  authorize,
  authorizeScope,
  authorizeSignedIn,
  authorizeVisible,
  gateOf,
} from '../../http/authorize';
import { httpError } from '../../http/errors';
import { IMPORT_MESSAGES, runImport } from './import';
import { CREATE_CODES, READ_CODES, SEARCH_CODES, UPDATE_CODES } from './policy';
import { churchRef, getUser, listFaithful, readPerson, searchUsers } from './service';
import {
  decideTransfer,
  getTransfer,
  listTransfers,
  requestTransfers,
  transferDestinations,
  transferSource,
} from './transfers';
import { createFaithful, updateFaithful } from './writes';
import { cleanFileName } from '../attachments';

/** The import's multipart form: the file, and `church_id` / `mode` (also accepted in the query). */
async function readImportForm(
  request: FastifyRequest,
): Promise<{ file: { filename: string; buffer: Buffer }; churchId?: number; mode?: 'preview' | 'import' }> {
  if (!request.isMultipart()) throw httpError(400, IMPORT_MESSAGES.noFile);
  const fields: Record<string, string> = {};
  let file: { filename: string; buffer: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw httpError(413, IMPORT_MESSAGES.tooLarge);
        file = { filename: cleanFileName(part.filename), buffer };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw httpError(413, IMPORT_MESSAGES.tooLarge);
    if (code && code.startsWith('FST_')) throw httpError(400, IMPORT_MESSAGES.unreadable);
    // a truncated or malformed body: 400 in French, never a 500 (decision 0014, section 4)
    throw uploadReadError(error);
  }
  if (!file || file.buffer.length === 0) throw httpError(400, IMPORT_MESSAGES.noFile);
  const parsedFields = z
    .object({
      church_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      mode: z.enum(['preview', 'import']).optional(),
    })
    .safeParse({
      church_id: fields.church_id || undefined,
      mode: fields.mode || undefined,
    });
  if (!parsedFields.success) throw httpError(400, 'Champs du formulaire invalides (church_id, mode).');
  return { file, churchId: parsedFields.data.church_id, mode: parsedFields.data.mode };
}

const transferIdParams = idParamSchema;

export const faithfulRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });

  // ------------------------------------------------------------ reads

  app.get(
    '/users',
    {
      schema: {
        tags: ['Fidèles'],
        summary: 'Rechercher des personnes (fidèles) visibles',
        description:
          'Recherche des formulaires (contributeur, membre à ajouter) : nom, prénom, téléphone, email ou matricule. `role=faithful` : seulement les personnes rattachées à une église visible ; sinon aussi les responsables des groupes visibles. Permission `user:view`, `member:view`, `contribution:create`, `member:create` ou `member:manage` quelque part.',
        querystring: userSearchQuerySchema,
        response: { 200: faithfulListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorize(request, ANYWHERE, SEARCH_CODES);
      if (request.query.church_id !== undefined)
        await authorizeVisible(request, { type: 'church', id: request.query.church_id });
      // the people of the groups where the user holds one of the codes, not all they see (decision 0027)
      const { actor, visibility } = await authorizeScope(request, SEARCH_CODES);
      return searchUsers(db, visibility, actor.userId, request.query);
    },
  );

  app.get(
    '/regions/:id/faithful',
    {
      schema: {
        tags: ['Fidèles'],
        summary: "Les fidèles d'une région (SPEC.md section 7), paginés",
        description:
          'GET /users/faithful?entity_type=REGION&entity_id={id} sous le nom que SPEC.md lui donne : mêmes options (search, page, limit, sort, order), même réponse. Permission `user:view` (ou `member:view`) sur la région.',
        params: idParamSchema,
        querystring: faithfulPageQuerySchema,
        response: { 200: faithfulListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const target = { type: 'REGION' as const, id: request.params.id };
      await authorize(request, target, READ_CODES);
      const { visibility } = await authorizeScope(request);
      return listFaithful(db, visibility, target, request.query);
    },
  );

  app.get(
    '/users/faithful',
    {
      schema: {
        tags: ['Fidèles'],
        summary: "Fidèles d'un niveau (église, section, région, bureau national), paginés",
        description:
          "Sans entité : tous les fidèles visibles. Recherche sur prénom, nom, téléphone, email et matricule (chaque mot doit apparaître). Tri par nom, prénom, ou par `sort` (name, registration_number, phone, email, created_at) et `order` (asc, desc). Permission `user:view` (ou `member:view`) sur l'entité.",
        querystring: faithfulListQuerySchema,
        response: { 200: faithfulListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { entity_type: type, entity_id: id } = request.query;
      if ((type === undefined) !== (id === undefined)) {
        await authorizeSignedIn(request);
        throw httpError(400, "Indiquez le type d'entité et l'entité ensemble.");
      }
      // authorize first: the session, the visibility and the check in one statement (decision 0015)
      if (type !== undefined && id !== undefined) {
        await authorize(request, { type, id }, READ_CODES);
        const { visibility } = await authorizeScope(request);
        return listFaithful(db, visibility, { type, id }, request.query);
      }
      await authorize(request, ANYWHERE, READ_CODES);
      // without an entity: the churches where the user holds the permission (decision 0027)
      const { visibility } = await authorizeScope(request, READ_CODES);
      return listFaithful(db, visibility, { type: 'all' }, request.query);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['Fidèles'],
        summary: "Détail d'un utilisateur (fidèle)",
        description:
          'Rôles, groupes, église et sa hiérarchie, transferts. Soi-même, ou une personne visible avec `user:view` / `member:view` sur son église (ou quelque part pour un responsable sans église).',
        params: idParamSchema,
        response: { 200: userAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      return { data: await readPerson(db, await gateOf(request), visibility, request.params.id) };
    },
  );

  // ------------------------------------------------------------ writes

  app.post(
    '/users/faithful',
    {
      schema: {
        tags: ['Fidèles'],
        summary: 'Créer un fidèle',
        description:
          "Prénom et nom requis ; téléphone, email et matricule uniques (409 en français). Sans matricule, `MAT-{id}` est attribué. Permission `user:create` (ou `member:create`) sur l'église.",
        body: createFaithfulBodySchema,
        response: { 201: userAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await authorize(request, { type: 'church', id: request.body.church_id }, CREATE_CODES);
      const id = await createFaithful(db, actor, request.body);
      return reply.status(201).send({ data: await getUser(db, id) });
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['Fidèles'],
        summary: 'Modifier un fidèle',
        description:
          "Champs de la personne (l'église change par un transfert). Permission `user:update` (ou `member:update`) sur l'église du fidèle.",
        params: idParamSchema,
        body: updateFaithfulBodySchema,
        response: { 200: userAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { visibility } = await authorizeScope(request);
      const id = await updateFaithful(db, await gateOf(request), visibility, request.params.id, request.body);
      return { data: await getUser(db, id) };
    },
  );

  app.post(
    '/users/faithful/imports',
    {
      schema: {
        tags: ['Fidèles'],
        summary: "Importer des fidèles d'un fichier .csv ou .xlsx",
        description: [
          'Corps multipart : `file` (.csv séparé par virgules ou points-virgules, UTF-8, ou .xlsx : première feuille),',
          '`church_id` et `mode` (`preview` ou `import`), ou en paramètres `?church_id=&dry_run=true`.',
          'Première ligne : en-têtes Prénom, Nom (requis), Téléphone, Email, Matricule, Sexe, Date de naissance, Adresse.',
          `Limites : ${IMPORT_LIMITS.maxBytes / 1024 / 1024} Mo, ${IMPORT_LIMITS.maxRows} lignes.`,
          'Aperçu (dry run) : 200 avec chaque ligne et ses erreurs, rien n’est écrit. Import : 201 quand toutes',
          'les lignes sont valides (une seule transaction), 422 avec le rapport sinon (rien n’est écrit).',
          "Permission `user:create` (ou `member:create`) sur l'église.",
        ].join(' '),
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: {
          200: importReportSchema,
          201: importReportSchema,
          422: importRejectedSchema,
          ...errorAnswers(413),
          ...WRITE_ERRORS,
        },
      },
    },
    async (request, reply) => {
      await authorizeSignedIn(request);
      const form = await readImportForm(request);
      const churchId = request.query.church_id ?? form.churchId;
      if (churchId === undefined) throw httpError(400, "L'église est requise.");
      const dryRun = request.query.dry_run ?? form.mode !== 'import';
      const actor = await authorize(request, { type: 'church', id: churchId }, CREATE_CODES);
      const church = await churchRef(db, churchId);
      const result = await runImport(db, actor, church, form.file, dryRun);
      if (result.status === 422) {
        return reply
          .status(422)
          .send({ message: `E_HTTP_EXCEPTION: ${result.message}`, report: result.report });
      }
      return reply.status(result.status).send(result.report);
    },
  );

  // ------------------------------------------------------------ transfers

  app.get(
    '/faithful-transfers',
    {
      schema: {
        tags: ['Fidèles'],
        summary: 'Transferts de fidèles reçus (incoming) ou envoyés (outgoing)',
        description:
          "Ceux des églises visibles (ou de `church_id`), en attente d'abord. Permission `user:view` (ou `member:view`).",
        querystring: transferListQuerySchema,
        response: { 200: faithfulTransferListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const churchId = request.query.church_id;
      await authorize(
        request,
        churchId !== undefined ? { type: 'church', id: churchId } : ANYWHERE,
        READ_CODES,
      );
      // the transfers of the churches where the user holds the permission (decision 0027)
      const { visibility } = await authorizeScope(request, READ_CODES);
      return listTransfers(db, visibility, request.query);
    },
  );

  app.get(
    '/faithful-transfers/destinations',
    {
      schema: {
        tags: ['Fidèles'],
        summary: 'Églises pouvant recevoir un transfert',
        description:
          'Toutes les églises (nom et section), recherchées. Permission `user:update` quelque part.',
        querystring: listQuerySchema.pick({ search: true, limit: true }),
        response: { 200: transferDestinationListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorize(request, ANYWHERE, UPDATE_CODES);
      return { data: await transferDestinations(db, request.query.search, request.query.limit) };
    },
  );

  app.post(
    '/faithful-transfers',
    {
      schema: {
        tags: ['Fidèles'],
        summary: 'Demander le transfert de fidèles vers une autre église',
        description:
          "Les fidèles doivent être d'une même église (l'église d'origine), sans transfert en attente. Le transfert reste en attente jusqu'à la décision de l'église d'accueil. Permission `user:update` (ou `member:update`) sur l'église d'origine.",
        body: createTransferBodySchema,
        response: { 201: createTransferAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await authorizeSignedIn(request);
      const source = await transferSource(db, request.body.user_ids);
      const actor = await authorize(request, { type: 'church', id: source.fromChurchId }, UPDATE_CODES);
      const data = await requestTransfers(db, actor, source, {
        userIds: request.body.user_ids,
        toChurchId: request.body.to_church_id,
        reason: request.body.reason ?? null,
      });
      return reply.status(201).send({ data });
    },
  );

  const decisions = [
    ['accept', 'accepted', 'Accepter un transfert (église d’accueil)', 'to'],
    ['reject', 'rejected', 'Refuser un transfert (église d’accueil)', 'to'],
    ['cancel', 'cancelled', 'Annuler une demande de transfert (église d’origine)', 'from'],
  ] as const;
  for (const [path, decision, summary, side] of decisions) {
    app.post(
      `/faithful-transfers/:id/${path}`,
      {
        schema: {
          tags: ['Fidèles'],
          summary,
          description:
            side === 'to'
              ? "Permission `user:update` (ou `member:update`) sur l'église d'accueil. À l'acceptation, le fidèle change d'église ; ses contributions restent à l'église où elles ont été faites."
              : "Permission `user:update` (ou `member:update`) sur l'église d'origine.",
          params: transferIdParams,
          response: { 200: faithfulTransferAnswerSchema, ...WRITE_ERRORS },
        },
      },
      async (request) => {
        const { visibility } = await authorizeScope(request);
        await decideTransfer(db, await gateOf(request), visibility, request.params.id, decision);
        return { data: await getTransfer(db, request.params.id) };
      },
    );
  }
};
