import {
  errorResponse,
  noteComment,
  noteCommentBody,
  noteCommentsQuery,
  noteDetail,
  noteTopic,
  noteTopicBody,
  noteTopicCreateQuery,
  noteTopics,
  noteTopicsQuery,
  noteTopicUpdateQuery,
  sensorPointNote,
  sensorPointNoteCreate,
  sensorPointNoteDeleteQuery,
  sensorPointNotes,
  sensorPointNotesQuery,
  sensorPointNoteUpdate,
  uuid,
} from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import type { SessionUser } from '../../auth/sessions.repository.ts';
import type { NotesService } from './notes.service.ts';

interface Options {
  service: NotesService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const deleted = z.object({ id: uuid });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const asUuid = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : undefined);

type Read = (
  request: FastifyRequest,
  session: SessionUser,
) => Promise<string | undefined> | string | undefined;

/**
 * Notes and comments at the paths of spec 03 §7.4, and sensor point notes (§7.5, paths not shown: designed under
 * /rvs/sensor-point-notes). Reads need to see the model; notes and comments are changed by their author only;
 * sensor point notes by ADMIN, OWNER, SUPERMEMBER and OWNER_RVS (ManageSensorPointNotes).
 */
export const notesRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const onModel = (read: Read, permission: 'ViewCompany' | 'ManageSensorPointNotes' = 'ViewCompany') => ({
    access: access.equipment(permission, async (request, session) =>
      visibility.ofModel(await read(request, session), session.userId),
    ),
  });
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;
  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  const params = (request: FastifyRequest) => request.params as Record<string, unknown>;
  const topicOf = (id: unknown) => {
    const topic = asUuid(id);
    return topic ? service.modelOfTopic(topic) : undefined;
  };
  const commentOf = (id: unknown) => {
    const comment = asUuid(id);
    return comment ? service.modelOfComment(comment) : undefined;
  };
  const byCode = (code: unknown, session: SessionUser) =>
    typeof code === 'string' && code.length <= 100
      ? service.modelByCode(session.selectedCompanyId, code)
      : undefined;
  const tags = ['notes'];

  app.get(
    '/note/get/note-topic/all',
    {
      config: onModel((r) => asUuid(query(r).equipment_model_id)),
      schema: {
        tags,
        summary: 'Notes of a model updated between startDate and endDate (the period of the panel)',
        querystring: noteTopicsQuery,
        response: { 200: noteTopics, ...errors },
      },
    },
    async (request) =>
      service.topics(request.query.equipment_model_id, request.query.startDate, request.query.endDate),
  );

  app.post(
    '/note/note-topic',
    {
      config: onModel((r) => asUuid(body(r).equipmentModelId)),
      schema: {
        tags,
        summary: 'Create a note on a model',
        querystring: noteTopicCreateQuery,
        body: noteTopicBody,
        response: { 200: noteTopic, ...errors },
      },
    },
    async (request) => service.createTopic(requireAuth(request), request.body),
  );

  app.put(
    '/note/update/note-topic',
    {
      config: onModel((r) => topicOf(query(r).note_topic_id)),
      schema: {
        tags,
        summary: 'Edit your note (author only)',
        querystring: noteTopicUpdateQuery,
        body: noteTopicBody,
        response: { 200: noteTopic, ...errors },
      },
    },
    async (request) => service.updateTopic(requireAuth(request), request.query.note_topic_id, request.body),
  );

  app.delete(
    '/note/note-topic/:id',
    {
      config: onModel((r) => topicOf(params(r).id)),
      schema: {
        tags,
        summary: 'Delete your note and its comments (author only)',
        params: z.object({ id: uuid }),
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await service.deleteTopic(requireAuth(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.get(
    '/note/note/comment',
    {
      config: onModel((r) => topicOf(query(r).note_topic_id)),
      schema: {
        tags,
        summary: 'A note and its comments, oldest first',
        querystring: noteCommentsQuery,
        response: { 200: noteDetail, ...errors },
      },
    },
    async (request) => service.detail(request.query.note_topic_id),
  );

  app.post(
    '/note-comment',
    {
      config: onModel((r) => asUuid(body(r).equipmentModelId)),
      schema: {
        tags,
        summary: 'Reply to a note',
        querystring: noteTopicCreateQuery,
        body: noteCommentBody,
        response: { 200: noteComment, ...errors },
      },
    },
    async (request) => service.createComment(requireAuth(request), request.body),
  );

  app.put(
    '/note-comment/:id',
    {
      config: onModel((r) => commentOf(params(r).id)),
      schema: {
        tags,
        summary: 'Edit your comment (author only)',
        params: z.object({ id: uuid }),
        body: noteCommentBody,
        response: { 200: noteComment, ...errors },
      },
    },
    async (request) => service.updateComment(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/note-comment/:id',
    {
      config: onModel((r) => commentOf(params(r).id)),
      schema: {
        tags,
        summary: 'Delete your comment (author only)',
        params: z.object({ id: uuid }),
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await service.deleteComment(requireAuth(request), request.params.id);
      return { id: request.params.id };
    },
  );

  const points = '/rvs/sensor-point-notes';
  app.get(
    points,
    {
      config: onModel((r, s) => byCode(query(r).modelCode, s)),
      schema: {
        tags,
        summary: 'Sensor point notes of a model (by code, in your selected company) between two instants',
        querystring: sensorPointNotesQuery,
        response: { 200: sensorPointNotes, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const modelId = (await service.modelByCode(auth.selectedCompanyId, request.query.modelCode)) as string;
      return service.pointNotes({
        modelId,
        sensor: request.query.sensor,
        phase: request.query.phase,
        start: request.query.startDate,
        end: request.query.endDate,
      });
    },
  );

  app.post(
    points,
    {
      config: onModel((r, s) => byCode(body(r).model_code, s), 'ManageSensorPointNotes'),
      schema: {
        tags,
        summary: 'Note a point of a trend graph (250 characters; empty is sent as -)',
        body: sensorPointNoteCreate,
        response: { 200: sensorPointNote, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const modelId = (await service.modelByCode(auth.selectedCompanyId, request.body.model_code)) as string;
      return service.createPointNote(auth, modelId, request.body);
    },
  );

  app.put(
    points,
    {
      config: onModel((r, s) => byCode(body(r).modelCode, s), 'ManageSensorPointNotes'),
      schema: {
        tags,
        summary: 'Edit a sensor point note',
        body: sensorPointNoteUpdate,
        response: { 200: sensorPointNote, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const modelId = (await service.modelByCode(auth.selectedCompanyId, request.body.modelCode)) as string;
      return service.updatePointNote(
        modelId,
        request.body.noteId,
        request.body.description,
        request.body.rvsGraphId,
      );
    },
  );

  app.delete(
    points,
    {
      config: onModel((r, s) => byCode(query(r).model_code, s), 'ManageSensorPointNotes'),
      schema: {
        tags,
        summary: 'Delete a sensor point note',
        querystring: sensorPointNoteDeleteQuery,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const modelId = (await service.modelByCode(auth.selectedCompanyId, request.query.model_code)) as string;
      await service.deletePointNote(modelId, request.query.note_id);
      return { id: request.query.note_id };
    },
  );
};
