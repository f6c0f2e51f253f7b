import type { NoteComment, NoteTopic, SensorPointNote } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import { createKeyLookup } from '../../db/key-lookup.ts';
import type { Db } from '../../db/pool.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import type { CommentRow, NoteKey, NotesRepository, PointNoteRow, TopicRow } from './notes.repository.ts';

const AUTHOR_ONLY = 'Only the author can edit or delete this.';

export const toTopic = (row: TopicRow): NoteTopic => ({
  id: row.id,
  topic: row.topic,
  description: row.description,
  updatedDate: row.updated_at.toISOString(),
  name: row.name,
  createdById: row.created_by,
  profileImageUrl: row.image_url,
  equipmentModelId: row.model_id,
  commentCount: row.comment_count,
});

export const toComment = (row: CommentRow): NoteComment => ({
  id: row.id,
  description: row.description,
  name: row.name,
  updatedDate: row.updated_at.toISOString(),
  createdById: row.created_by,
  profileImageUrl: row.image_url,
});

export const toPointNote = (row: PointNoteRow): SensorPointNote => ({
  id: row.id,
  timestamp: row.ts.toISOString(),
  sensor_id: row.sensor_id,
  sensor_name: row.sensor_name,
  type: row.phase,
  axis: row.axis,
  y_position: row.y_position,
  description: row.description,
  rvs_graph_id: row.rvs_graph_id,
  model_code: row.model_code,
  createdById: row.created_by,
  name: row.name,
});

/**
 * Notes and comments (spec 03 §2.15, §4.5, §7.4): anyone who sees the model reads and writes them; only the
 * author edits or deletes (403 otherwise). Sensor point notes (§2.16, §7.5) are guarded by the route's
 * permission. Every change is published live to the company's open pages.
 */
export function createNotesService(deps: { db: Db; repository: NotesRepository }) {
  const { db, repository } = deps;
  // The model of a note or comment named by its id: the one lookup by id alone of a call (docs/scale.md).
  const topicModel = createKeyLookup((ids: string[]) => repository.modelsOfTopics(ids));
  const commentModel = createKeyLookup((ids: string[]) => repository.modelsOfComments(ids));
  const keyOf = async (lookup: typeof topicModel, id: string): Promise<NoteKey | undefined> => {
    const modelId = await lookup.one(id);
    return modelId === undefined ? undefined : { model_id: modelId, id };
  };
  const topicOf = async (id: string) => {
    const key = await keyOf(topicModel, id);
    return key && repository.topic(key);
  };

  const publish = (trx: Db, companyId: string, modelId: string, action: string, extra: object = {}) =>
    repository.publish({ type: 'note', action, companyId, modelId, ...extra }, trx);

  async function ownTopic(auth: AuthContext, id: string) {
    const topic = await topicOf(id);
    if (!topic) throw notFound('Note not found.');
    if (topic.created_by !== auth.userId) throw forbidden(AUTHOR_ONLY);
    return topic;
  }
  async function ownComment(auth: AuthContext, id: string) {
    const key = await keyOf(commentModel, id);
    const comment = key && (await repository.comment(key));
    if (!comment) throw notFound('Comment not found.');
    if (comment.created_by !== auth.userId) throw forbidden(AUTHOR_ONLY);
    return comment;
  }

  return {
    async topics(modelId: string, start?: string, end?: string) {
      return (await repository.topics(modelId, start, end)).map(toTopic);
    },

    async createTopic(
      auth: AuthContext,
      body: { topic: string; description: string; equipmentModelId: string },
    ) {
      const companyId = await repository.modelCompany(body.equipmentModelId);
      if (!companyId) throw notFound();
      const id = await db.transaction().execute(async (trx) => {
        const created = await repository.createTopic(
          {
            companyId,
            modelId: body.equipmentModelId,
            topic: body.topic,
            description: body.description,
            userId: auth.userId,
          },
          trx,
        );
        await publish(trx, companyId, body.equipmentModelId, 'topic-created', { noteTopicId: created });
        return created;
      });
      return toTopic((await repository.topic({ model_id: body.equipmentModelId, id })) as TopicRow);
    },

    async updateTopic(
      auth: AuthContext,
      id: string,
      body: { topic: string; description: string; equipmentModelId: string },
    ) {
      const topic = await ownTopic(auth, id);
      if (body.equipmentModelId !== topic.model_id)
        throw badRequest('equipmentModelId: a note stays with the model it was written for.');
      await db.transaction().execute(async (trx) => {
        await repository.updateTopic(topic, body.topic, body.description, trx);
        await publish(trx, topic.company_id, topic.model_id, 'topic-updated', { noteTopicId: id });
      });
      return toTopic((await repository.topic(topic)) as TopicRow);
    },

    async deleteTopic(auth: AuthContext, id: string) {
      const topic = await ownTopic(auth, id);
      await db.transaction().execute(async (trx) => {
        await repository.deleteTopic(topic, trx);
        await publish(trx, topic.company_id, topic.model_id, 'topic-deleted', { noteTopicId: id });
      });
    },

    async detail(topicId: string) {
      const topic = await topicOf(topicId);
      if (!topic) throw notFound('Note not found.');
      return { topic: toTopic(topic), comments: (await repository.comments(topic)).map(toComment) };
    },

    async createComment(
      auth: AuthContext,
      body: { description: string; equipmentModelId: string; noteTopicId: string },
    ) {
      // The body names the note's model (whose sight the route checked): the note is looked for in it only.
      const topic = await repository.topic({ model_id: body.equipmentModelId, id: body.noteTopicId });
      if (!topic) throw notFound('Note not found.');
      const id = await db.transaction().execute(async (trx) => {
        const created = await repository.createComment(topic, body.description, auth.userId, trx);
        await publish(trx, topic.company_id, topic.model_id, 'comment-created', { noteTopicId: topic.id });
        return created;
      });
      return toComment((await repository.comment({ model_id: topic.model_id, id })) as CommentRow);
    },

    async updateComment(
      auth: AuthContext,
      id: string,
      body: { description: string; equipmentModelId: string; noteTopicId: string },
    ) {
      const comment = await ownComment(auth, id);
      if (body.noteTopicId !== comment.topic_id)
        throw badRequest('noteTopicId: a comment stays in the note it was written in.');
      await db.transaction().execute(async (trx) => {
        await repository.updateComment(comment, body.description, trx);
        await publish(trx, comment.company_id, comment.model_id, 'comment-updated', {
          noteTopicId: comment.topic_id,
        });
      });
      return toComment((await repository.comment(comment)) as CommentRow);
    },

    async deleteComment(auth: AuthContext, id: string) {
      const comment = await ownComment(auth, id);
      await db.transaction().execute(async (trx) => {
        await repository.deleteComment(comment, trx);
        await publish(trx, comment.company_id, comment.model_id, 'comment-deleted', {
          noteTopicId: comment.topic_id,
        });
      });
    },

    async pointNotes(filter: Parameters<NotesRepository['pointNotes']>[0]) {
      return (await repository.pointNotes(filter)).map(toPointNote);
    },

    async createPointNote(
      auth: AuthContext,
      modelId: string,
      body: {
        description: string;
        timestamp: string;
        y_position: number;
        type: string;
        axis: string;
        rvs_graph_id: string;
        sensor_id: string;
      },
    ) {
      const companyId = await repository.modelCompany(modelId);
      if (!companyId) throw notFound();
      const id = await db.transaction().execute(async (trx) => {
        const created = await repository.createPointNote(
          {
            companyId,
            modelId,
            sensorId: body.sensor_id,
            phase: body.type,
            axis: body.axis,
            ts: body.timestamp,
            y: body.y_position,
            description: body.description,
            rvsGraphId: body.rvs_graph_id,
            userId: auth.userId,
          },
          trx,
        );
        await publish(trx, companyId, modelId, 'point-note');
        return created;
      });
      return toPointNote((await repository.pointNote({ model_id: modelId, id })) as PointNoteRow);
    },

    async updatePointNote(modelId: string, id: string, description: string, rvsGraphId?: string) {
      const key = { model_id: modelId, id };
      if (!(await repository.pointNote(key))) throw notFound('Note not found.');
      const companyId = (await repository.modelCompany(modelId)) as string;
      await db.transaction().execute(async (trx) => {
        await repository.updatePointNote(key, description, rvsGraphId, trx);
        await publish(trx, companyId, modelId, 'point-note');
      });
      return toPointNote((await repository.pointNote(key)) as PointNoteRow);
    },

    async deletePointNote(modelId: string, id: string) {
      const key = { model_id: modelId, id };
      if (!(await repository.pointNote(key))) throw notFound('Note not found.');
      const companyId = (await repository.modelCompany(modelId)) as string;
      await db.transaction().execute(async (trx) => {
        await repository.deletePointNote(key, trx);
        await publish(trx, companyId, modelId, 'point-note');
      });
    },

    modelOfTopic: topicModel.one,
    modelOfComment: commentModel.one,
    modelByCode: (companyId: string | null, code: string) => repository.modelByCode(companyId, code),
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
