import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface TopicRow {
  id: string;
  company_id: string;
  model_id: string;
  topic: string;
  description: string;
  updated_at: Date;
  created_by: string | null;
  name: string;
  image_url: string | null;
  comment_count: number;
}

export interface CommentRow {
  id: string;
  topic_id: string;
  model_id: string;
  company_id: string;
  description: string;
  updated_at: Date;
  created_by: string | null;
  name: string;
  image_url: string | null;
}

export interface PointNoteRow {
  id: string;
  model_id: string;
  model_code: string;
  sensor_id: string;
  sensor_name: string;
  phase: string;
  axis: string;
  ts: Date;
  y_position: number;
  description: string;
  rvs_graph_id: string;
  created_by: string | null;
  name: string;
}

/**
 * A note, comment or sensor point note as a distributed database finds it (issue 28 item 3, docs/scale.md
 * "Distribution keys"): its model, the distribution key, and its id.
 */
export interface NoteKey {
  model_id: string;
  id: string;
}

const TOPIC = sql`t.id, t.company_id, t.model_id, t.topic, t.description, t.updated_at, t.created_by,
  coalesce(nullif(u.name, ''), u.email, '') AS name, u.image_url,
  (SELECT count(*)::int FROM note_comments c WHERE c.model_id = t.model_id AND c.topic_id = t.id) AS comment_count`;
const COMMENT = sql`c.id, c.topic_id, t.model_id, t.company_id, c.description, c.updated_at, c.created_by,
  coalesce(nullif(u.name, ''), u.email, '') AS name, u.image_url`;
const POINT = sql`p.id, p.model_id, m.code AS model_code, p.sensor_id, p.sensor_id AS sensor_name, p.phase, p.axis,
  p.ts, p.y_position, p.description, p.rvs_graph_id, p.created_by, coalesce(nullif(u.name, ''), u.email, '') AS name`;

/** SQL of notes, comments and sensor point notes. */
export function createNotesRepository(db: Db) {
  return {
    async modelCompany(modelId: string): Promise<string | undefined> {
      const { rows } = await sql<{ company_id: string }>`SELECT company_id FROM equipment_models
        WHERE id = ${modelId}`.execute(db);
      return rows[0]?.company_id;
    },

    /**
     * The model a code names: the one of the selected company, else the only one with that code (codes are unique
     * per company); undefined when unknown or ambiguous. Whether the caller sees it is checked by the route.
     */
    async modelByCode(selectedCompanyId: string | null, code: string): Promise<string | undefined> {
      const { rows } = await sql<{ id: string; selected: boolean }>`SELECT id,
          coalesce(company_id = ${selectedCompanyId}::uuid, false) AS selected
        FROM equipment_models WHERE code = ${code} ORDER BY 2 DESC LIMIT 2`.execute(db);
      const [first, second] = rows;
      if (!first) return undefined;
      return first.selected || !second ? first.id : undefined;
    },

    async topics(modelId: string, start: string | undefined, end: string | undefined): Promise<TopicRow[]> {
      const { rows } =
        await sql<TopicRow>`SELECT ${TOPIC} FROM note_topics t LEFT JOIN users u ON u.id = t.created_by
        WHERE t.model_id = ${modelId}
          AND (${start ?? null}::timestamptz IS NULL OR t.updated_at >= ${start ?? null}::timestamptz)
          AND (${end ?? null}::timestamptz IS NULL OR t.updated_at <= ${end ?? null}::timestamptz)
        ORDER BY t.updated_at DESC`.execute(db);
      return rows;
    },

    async topic(key: NoteKey): Promise<TopicRow | undefined> {
      const { rows } =
        await sql<TopicRow>`SELECT ${TOPIC} FROM note_topics t LEFT JOIN users u ON u.id = t.created_by
        WHERE t.model_id = ${key.model_id} AND t.id = ${key.id}`.execute(db);
      return rows[0];
    },

    /**
     * The models of notes named by their id alone (unknown ids left out): the one lookup by id of a route on a note
     * (a fan-out on a distributed database, on note_topics_id_idx); the statements that follow have the key.
     */
    async modelsOfTopics(ids: string[]): Promise<Map<string, string>> {
      const { rows } = await sql<{ id: string; model_id: string }>`SELECT id, model_id FROM note_topics
        WHERE id = ANY(${ids}::uuid[])`.execute(db);
      return new Map(rows.map((row) => [row.id, row.model_id]));
    },

    /** The same for comments named by their id alone (note_comments_id_idx). */
    async modelsOfComments(ids: string[]): Promise<Map<string, string>> {
      const { rows } = await sql<{ id: string; model_id: string }>`SELECT id, model_id FROM note_comments
        WHERE id = ANY(${ids}::uuid[])`.execute(db);
      return new Map(rows.map((row) => [row.id, row.model_id]));
    },

    async createTopic(
      input: { companyId: string; modelId: string; topic: string; description: string; userId: string },
      executor: Db = db,
    ): Promise<string> {
      const { rows } = await sql<{
        id: string;
      }>`INSERT INTO note_topics (company_id, model_id, topic, description, created_by)
        VALUES (${input.companyId}, ${input.modelId}, ${input.topic}, ${input.description}, ${input.userId})
        RETURNING id`.execute(executor);
      return (rows[0] as { id: string }).id;
    },

    async updateTopic(key: NoteKey, topic: string, description: string, executor: Db = db) {
      await sql`UPDATE note_topics SET topic = ${topic}, description = ${description}, updated_at = now()
        WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(executor);
    },

    async deleteTopic(key: NoteKey, executor: Db = db) {
      await sql`DELETE FROM note_topics WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(
        executor,
      );
    },

    async comments(topic: NoteKey): Promise<CommentRow[]> {
      const { rows } = await sql<CommentRow>`SELECT ${COMMENT} FROM note_comments c
        JOIN note_topics t ON t.model_id = c.model_id AND t.id = c.topic_id LEFT JOIN users u ON u.id = c.created_by
        WHERE c.model_id = ${topic.model_id} AND c.topic_id = ${topic.id} ORDER BY c.created_at, c.id`.execute(
        db,
      );
      return rows;
    },

    async comment(key: NoteKey): Promise<CommentRow | undefined> {
      const { rows } = await sql<CommentRow>`SELECT ${COMMENT} FROM note_comments c
        JOIN note_topics t ON t.model_id = c.model_id AND t.id = c.topic_id LEFT JOIN users u ON u.id = c.created_by
        WHERE c.model_id = ${key.model_id} AND c.id = ${key.id}`.execute(db);
      return rows[0];
    },

    async createComment(topic: NoteKey, description: string, userId: string, executor: Db = db) {
      const { rows } = await sql<{
        id: string;
      }>`INSERT INTO note_comments (model_id, topic_id, description, created_by)
        VALUES (${topic.model_id}, ${topic.id}, ${description}, ${userId}) RETURNING id`.execute(executor);
      await sql`UPDATE note_topics SET updated_at = now()
        WHERE model_id = ${topic.model_id} AND id = ${topic.id}`.execute(executor);
      return (rows[0] as { id: string }).id;
    },

    async updateComment(key: NoteKey, description: string, executor: Db = db) {
      await sql`UPDATE note_comments SET description = ${description}, updated_at = now()
        WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(executor);
    },

    async deleteComment(key: NoteKey, executor: Db = db) {
      await sql`DELETE FROM note_comments WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(
        executor,
      );
    },

    async pointNotes(filter: {
      modelId: string;
      sensor?: string | undefined;
      phase?: string | undefined;
      start: string;
      end: string;
    }): Promise<PointNoteRow[]> {
      const { rows } = await sql<PointNoteRow>`SELECT ${POINT} FROM sensor_point_notes p
        JOIN equipment_models m ON m.id = p.model_id LEFT JOIN users u ON u.id = p.created_by
        WHERE p.model_id = ${filter.modelId} AND p.ts >= ${filter.start}::timestamptz AND p.ts <= ${filter.end}::timestamptz
          AND (${filter.sensor ?? null}::text IS NULL OR p.sensor_id = ${filter.sensor ?? null})
          AND (${filter.phase ?? null}::text IS NULL OR p.phase = ${filter.phase ?? null})
        ORDER BY p.ts`.execute(db);
      return rows;
    },

    async pointNote(key: NoteKey): Promise<PointNoteRow | undefined> {
      const { rows } = await sql<PointNoteRow>`SELECT ${POINT} FROM sensor_point_notes p
        JOIN equipment_models m ON m.id = p.model_id LEFT JOIN users u ON u.id = p.created_by
        WHERE p.model_id = ${key.model_id} AND p.id = ${key.id}`.execute(db);
      return rows[0];
    },

    async createPointNote(
      input: {
        companyId: string;
        modelId: string;
        sensorId: string;
        phase: string;
        axis: string;
        ts: string;
        y: number;
        description: string;
        rvsGraphId: string;
        userId: string;
      },
      executor: Db = db,
    ): Promise<string> {
      const { rows } = await sql<{
        id: string;
      }>`INSERT INTO sensor_point_notes (company_id, model_id, sensor_id,
          phase, axis, ts, y_position, description, rvs_graph_id, created_by)
        VALUES (${input.companyId}, ${input.modelId}, ${input.sensorId}, ${input.phase}, ${input.axis},
          ${input.ts}::timestamptz, ${input.y}, ${input.description}, ${input.rvsGraphId}, ${input.userId})
        RETURNING id`.execute(executor);
      return (rows[0] as { id: string }).id;
    },

    async updatePointNote(
      key: NoteKey,
      description: string,
      rvsGraphId: string | undefined,
      executor: Db = db,
    ) {
      await sql`UPDATE sensor_point_notes SET description = ${description},
          rvs_graph_id = coalesce(${rvsGraphId ?? null}, rvs_graph_id), updated_at = now()
        WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(executor);
    },

    async deletePointNote(key: NoteKey, executor: Db = db) {
      await sql`DELETE FROM sensor_point_notes WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(
        executor,
      );
    },

    async publish(event: Record<string, unknown>, executor: Db = db) {
      await sql`SELECT sdp_publish(${JSON.stringify(event)}::jsonb)`.execute(executor);
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
