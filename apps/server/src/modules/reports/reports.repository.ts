import type { ReportKind } from '@sdp/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/pool.ts';

export const MODEL_TYPE_OF_KIND: Record<ReportKind, number> = { MCA: 2, RVS: 5 };

export interface ReportEvent {
  id: number;
  event_date: Date;
  alarm_type: 1 | 2;
  tag: string;
  sensor_id: string;
  alarm_message: string;
  alarm_value: number;
  warning_limit: number | null;
  alarm_limit: number | null;
  cause: string;
  recommendation: string;
  /** The measured quantity by its name, as the event's diagnosis stored it (null for events before 0038). */
  quantity: string | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  acknowledged_msg: string | null;
  done_at: Date | null;
  done_by: string | null;
  done_msg: string | null;
}

export interface ReportNote {
  topic: string;
  description: string;
  author: string | null;
  created_at: Date;
}

/** Everything a report reads, by SQL; nothing here computes. */
export function createReportsRepository(db: Db, pool: pg.Pool) {
  return {
    company(id: string) {
      return db
        .selectFrom('companies')
        .select(['id', 'title', 'image_path', 'time_zone'])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    model(id: string) {
      return db
        .selectFrom('equipment_models as m')
        .innerJoin('structure_items as s', 's.id', 'm.equipment_tag_id')
        .innerJoin('model_types as t', 't.id', 'm.model_type_id')
        .select([
          'm.id',
          'm.company_id',
          'm.title',
          'm.code',
          'm.model_type_id',
          'm.status',
          'm.is_active',
          'm.last_data_at',
          't.title as type_title',
          's.title as tag_code',
          's.alias as tag_alias',
        ])
        .where('m.id', '=', id)
        .executeTakeFirst();
    },

    /** Active models of a kind in a company (for scheduled reports). */
    modelsOfKind(companyId: string, kind: ReportKind) {
      return db
        .selectFrom('equipment_models as m')
        .innerJoin('structure_items as s', 's.id', 'm.equipment_tag_id')
        .select(['m.id', 'm.title'])
        .where('m.company_id', '=', companyId)
        .where('m.model_type_id', '=', MODEL_TYPE_OF_KIND[kind])
        .where('m.is_active', '=', true)
        .where('s.is_disabled', '=', false)
        .orderBy('m.title')
        .execute();
    },

    configuration(modelId: string) {
      return db
        .selectFrom('equipment_model_configurations as c')
        .innerJoin('configuration_items as i', 'i.id', 'c.item_id')
        .select(['i.title', 'i.unit_code', 'i.tag_code', 'c.value'])
        .where('c.model_id', '=', modelId)
        .where('c.selected', '=', true)
        .orderBy('i.id')
        .execute();
    },

    settings(modelId: string) {
      return db
        .selectFrom('equipment_model_settings')
        .select('document')
        .where('model_id', '=', modelId)
        .executeTakeFirst();
    },

    /** Fault events of the period with the names of who acknowledged and closed them. */
    async events(modelId: string, from: Date, to: Date): Promise<ReportEvent[]> {
      const { rows } = await pool.query<ReportEvent>(
        `SELECT f.id::int AS id, f.event_date, f.alarm_type, f.tag, f.sensor_id, f.alarm_message, f.alarm_value,
                f.warning_limit, f.alarm_limit, f.cause, f.recommendation, f.diagnosis->>'quantity' AS quantity,
                f.acknowledged_at, coalesce(nullif(a.name, ''), a.email) AS acknowledged_by, f.acknowledged_msg,
                f.done_at, coalesce(nullif(d.name, ''), d.email) AS done_by, f.done_msg
         FROM fault_events f
         LEFT JOIN users a ON a.id = f.acknowledged_by
         LEFT JOIN users d ON d.id = f.done_by
         WHERE f.model_id = $1 AND f.event_date >= $2 AND f.event_date < $3
         ORDER BY f.event_date`,
        [modelId, from, to],
      );
      return rows;
    },

    /** Notes written in the period (note_topics arrives with the notes feature; without it there are none). */
    async notes(modelId: string, from: Date, to: Date): Promise<ReportNote[]> {
      const { rows: present } = await pool.query<{ ok: boolean }>(
        `SELECT to_regclass('note_topics') IS NOT NULL AS ok`,
      );
      if (!present[0]?.ok) return [];
      const { rows } = await pool.query<ReportNote>(
        `SELECT n.topic, n.description, coalesce(nullif(u.name, ''), u.email) AS author, n.created_at
         FROM note_topics n LEFT JOIN users u ON u.id = n.created_by
         WHERE n.model_id = $1 AND n.created_at >= $2 AND n.created_at < $3 ORDER BY n.created_at`,
        [modelId, from, to],
      );
      return rows;
    },

    /** The latest waveform of each sensor and channel of a model captured before `to`. */
    async latestWaveforms(modelId: string, to: Date) {
      const { rows } = await pool.query<{
        sensor: string;
        channel: string;
        sample_rate: number;
        captured_at: Date;
        unit: string;
        samples: Buffer;
      }>(
        `SELECT DISTINCT ON (sensor, channel) sensor, channel, sample_rate, captured_at, unit, samples
         FROM waveforms WHERE model_id = $1 AND kind = 'vibration' AND captured_at < $2
         ORDER BY sensor, channel, captured_at DESC LIMIT 12`,
        [modelId, to],
      );
      return rows;
    },

    async insertFile(
      file: {
        companyId: string;
        modelId: string;
        kind: ReportKind;
        name: string;
        content: Buffer;
        userId: string | null;
      },
      executor: Db = db,
    ): Promise<string> {
      // Rendered files are kept three days: long enough to open a preview or send a mail, short enough to stay small.
      await executor
        .deleteFrom('report_files')
        .where('created_at', '<', sql<Date>`now() - interval '3 days'`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('mail_outbox')
                .select('id')
                .whereRef('attachment_id', '=', 'report_files.id')
                .where('state', '=', 'queued'),
            ),
          ),
        )
        .execute();
      const row = await executor
        .insertInto('report_files')
        .values({
          company_id: file.companyId,
          model_id: file.modelId,
          kind: file.kind,
          file_name: file.name,
          content: file.content,
          created_by: file.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Reserves an on-demand PDF of a user: an empty file row, filled once rendered ({@link fillFile}) or dropped.
     * Answers how many of the user's files the last minute holds (this one included, and those still rendering, so
     * parallel requests count each other) and in how many seconds the oldest of them leaves the minute.
     */
    async reserveFile(file: { companyId: string; modelId: string; kind: ReportKind; userId: string }) {
      const id = await this.insertFile({ ...file, name: 'rendering.pdf', content: Buffer.alloc(0) });
      const { rows } = await pool.query<{ recent: number; retryAfter: number }>(
        `SELECT count(*)::int AS recent,
           greatest(1, ceil(extract(epoch FROM min(created_at) + interval '1 minute' - now())))::int AS "retryAfter"
         FROM report_files WHERE created_by = $1 AND created_at > now() - interval '1 minute'`,
        [file.userId],
      );
      return { id, recent: rows[0]?.recent ?? 1, retryAfterSeconds: rows[0]?.retryAfter ?? 60 };
    },

    async fillFile(id: string, name: string, content: Buffer) {
      await db.updateTable('report_files').set({ file_name: name, content }).where('id', '=', id).execute();
    },

    async dropFile(id: string) {
      await db.deleteFrom('report_files').where('id', '=', id).execute();
    },

    /** The bytes of the company's stored report PDFs (scheduled and on demand, kept three days). */
    async storedBytes(companyId: string): Promise<number> {
      const { rows } = await pool.query<{ bytes: string }>(
        'SELECT coalesce(sum(octet_length(content)), 0)::bigint AS bytes FROM report_files WHERE company_id = $1',
        [companyId],
      );
      return Number(rows[0]?.bytes ?? 0);
    },

    file(id: string) {
      return db
        .selectFrom('report_files')
        .select(['id', 'company_id', 'model_id', 'file_name', 'content', 'created_by'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async setting(companyId: string, kind: ReportKind) {
      const [row, recipients] = await Promise.all([
        db
          .selectFrom('report_settings')
          .select([
            'is_auto_send',
            'interval_day',
            sql<string | null>`to_char(interval_time, 'HH24:MI:SS')`.as('interval_time'),
          ])
          .where('company_id', '=', companyId)
          .where('kind', '=', kind)
          .executeTakeFirst(),
        db
          .selectFrom('report_recipients')
          .select('user_id')
          .where('company_id', '=', companyId)
          .where('kind', '=', kind)
          .execute(),
      ]);
      return { row, memberIds: recipients.map((r) => r.user_id) };
    },

    allSettings() {
      return db
        .selectFrom('report_settings as r')
        .innerJoin('companies as c', 'c.id', 'r.company_id')
        .select([
          'r.company_id',
          'r.kind',
          'r.is_auto_send',
          'r.interval_day',
          sql<string | null>`to_char(r.interval_time, 'HH24:MI:SS')`.as('interval_time'),
          'r.updated_at',
          'c.time_zone',
        ])
        .where('c.deleted_at', 'is', null)
        .execute();
    },

    async saveSetting(
      companyId: string,
      kind: ReportKind,
      values: { is_auto_send: boolean; interval_day: number | null; interval_time: string | null },
      memberIds: string[],
      executor: Db,
    ) {
      await executor
        .insertInto('report_settings')
        .values({ company_id: companyId, kind, ...values })
        .onConflict((oc) =>
          oc.columns(['company_id', 'kind']).doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
        )
        .execute();
      await executor
        .deleteFrom('report_recipients')
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .execute();
      if (memberIds.length)
        await executor
          .insertInto('report_recipients')
          .values(memberIds.map((user_id) => ({ company_id: companyId, kind, user_id })))
          .execute();
    },

    /** Active members of the company (with an active account) and whether each receives this kind of report. */
    members(companyId: string, kind: ReportKind) {
      return db
        .selectFrom('memberships as ms')
        .innerJoin('users as u', 'u.id', 'ms.user_id')
        .leftJoin('report_recipients as r', (join) =>
          join
            .onRef('r.user_id', '=', 'ms.user_id')
            .on('r.company_id', '=', companyId)
            .on('r.kind', '=', kind),
        )
        .select(['u.id', 'u.name', 'u.email', 'ms.role', sql<boolean>`r.user_id IS NOT NULL`.as('isNotify')])
        .where('ms.company_id', '=', companyId)
        .where('ms.status', '=', 'active')
        .where('u.status', '=', 'active')
        .orderBy('u.email')
        .execute();
    },

    /** The chosen recipients still active in the company, each with the language their mails are written in. */
    recipients(companyId: string, kind: ReportKind) {
      return db
        .selectFrom('report_recipients as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .innerJoin('memberships as ms', (join) =>
          join.onRef('ms.user_id', '=', 'r.user_id').on('ms.company_id', '=', companyId),
        )
        .select([
          'u.id',
          'u.email',
          sql<
            'en' | 'th'
          >`coalesce((SELECT s.language FROM user_settings s WHERE s.user_id = u.id), 'en')`.as('language'),
        ])
        .where('r.company_id', '=', companyId)
        .where('r.kind', '=', kind)
        .where('ms.status', '=', 'active')
        .where('u.status', '=', 'active')
        .orderBy('u.email')
        .execute();
    },

    /** Whether the model's settings switch 'auto-send realtime report' on (spec 02 §2.2). */
    async realtimeReportOn(modelId: string): Promise<boolean> {
      const { rows } = await pool.query<{ on: boolean }>(
        `SELECT coalesce((document -> 'model_in' ->> 'isRVSRealtimeReport')::boolean, false) AS on
         FROM equipment_model_settings WHERE model_id = $1`,
        [modelId],
      );
      return rows[0]?.on ?? false;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
