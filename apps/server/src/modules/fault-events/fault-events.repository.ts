import type {
  EventDiagnosis,
  FaultEventEvidence,
  FaultEventOutcome,
  OutcomeFailureMode,
} from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface FaultEventRow {
  id: number;
  company_id: string;
  model_id: string;
  series_id: number | null;
  tag: string;
  event_date: Date;
  alarm_type: 1 | 2;
  alarm_message: string;
  alarm_value: number;
  warning_limit: number | null;
  alarm_limit: number | null;
  sensor_id: string;
  /** Which limit raised the level (issue 25 item 4). */
  tripped_by: 'fixed_limit' | 'learned_baseline' | 'duval_zone';
  cause: string;
  recommendation: string;
  /** The diagnosis stored with the evidence (issue 26 item 2); null before it, and for older events. */
  diagnosis: EventDiagnosis | null;
  is_acknowledged: boolean;
  acknowledged_at: Date | null;
  acknowledged_msg: string | null;
  ack_by_id: string | null;
  ack_by_name: string | null;
  ack_by_email: string | null;
  done_at: Date | null;
  done_msg: string | null;
  done_by_id: string | null;
  done_by_name: string | null;
  done_by_email: string | null;
  updated_at: Date;
  outcome: FaultEventOutcome | null;
  outcome_failure_mode: OutcomeFailureMode | null;
  /** Crossings counted on this event while it was open (issue 26 item 6), the last one's value and time. */
  occurrences: number;
  last_value: number | null;
  last_at: Date | null;
  /** The event closed while its condition still held that this one continues (issue 26 item 1). */
  reopened_from: number | null;
  escalation_stage: number;
  escalated_at: Date | null;
  /** The event's date plus its company's reminder time for the level, and when the reminder job began to watch it. */
  first_reminder_at: Date;
  escalation_watched_from: Date;
}

export interface RecipientRow {
  fault_event_id: number;
  stage: 'ack' | 'done';
  email: string;
  user_id: string | null;
  name: string;
}

export interface CompanyAlarmRow extends FaultEventRow {
  model_title: string;
  model_code: string;
  model_type_id: number;
  tag_name: string;
}

export interface Member {
  id: string;
  email: string;
  name: string;
  role: string;
  language: 'en' | 'th';
}

export type Stage = 'ack' | 'done';

/**
 * An event as a distributed database finds it (issue 28 item 3, docs/scale.md "Distribution keys"): its model, the
 * distribution key, and its id. A row of the event is one.
 */
export interface EventKey {
  model_id: string;
  id: number;
}

/** Events' keys as two arrays: `model_id = ANY(models) AND id = ANY(ids)` reaches only the shards of their models. */
const keyArrays = (keys: readonly EventKey[]) => ({
  models: [...new Set(keys.map((key) => key.model_id))],
  ids: keys.map((key) => key.id),
});

/** What was found when an event was closed: the failure mode with fault_confirmed only (issue 25 item 5). */
export interface Outcome {
  outcome: FaultEventOutcome;
  failureMode: OutcomeFailureMode | null;
}

/** Which new events a person gets by mail at once (issue 26 item 6); quiet times 'HH:MM' in the company's zone. */
export interface MailPreferences {
  mail_warning: boolean;
  mail_alarm: boolean;
  mail_models: 'assigned' | 'all';
  quiet_from: string | null;
  quiet_to: string | null;
}
const DEFAULT_PREFERENCES: MailPreferences = {
  mail_warning: true,
  mail_alarm: true,
  mail_models: 'all',
  quiet_from: null,
  quiet_to: null,
};

const COLUMNS = sql`f.id, f.company_id, f.model_id, f.series_id, f.tag, f.event_date, f.alarm_type, f.alarm_message,
  f.occurrences, f.last_value, f.last_at, f.reopened_from::int AS reopened_from, f.escalation_stage, f.escalated_at,
  f.alarm_value, f.warning_limit, f.alarm_limit, f.tripped_by, f.sensor_id, f.cause, f.recommendation, f.diagnosis, f.is_acknowledged,
  f.acknowledged_at, f.acknowledged_msg, ab.id AS ack_by_id, ab.name AS ack_by_name, ab.email AS ack_by_email,
  f.done_at, f.done_msg, dn.id AS done_by_id, dn.name AS done_by_name, dn.email AS done_by_email, f.updated_at,
  f.outcome, f.outcome_failure_mode, f.escalation_watched_from,
  f.event_date + make_interval(mins => (SELECT CASE f.alarm_type WHEN 2 THEN c.escalation_alarm_minutes
    ELSE c.escalation_warning_minutes END FROM companies c WHERE c.id = f.company_id)) AS first_reminder_at`;
const JOINS = sql`LEFT JOIN users ab ON ab.id = f.acknowledged_by LEFT JOIN users dn ON dn.id = f.done_by`;

/** Events of every time (year 0), of a year (month 0) or of one month, read in the company's time zone. */
function inPeriod(month: number, year: number, timeZone: string) {
  if (year === 0) return sql``;
  return month === 0
    ? sql`AND f.event_date >= make_timestamp(${year}, 1, 1, 0, 0, 0) AT TIME ZONE ${timeZone}
          AND f.event_date < (make_timestamp(${year}, 1, 1, 0, 0, 0) + interval '1 year') AT TIME ZONE ${timeZone}`
    : sql`AND f.event_date >= make_timestamp(${year}, ${month}, 1, 0, 0, 0) AT TIME ZONE ${timeZone}
          AND f.event_date < (make_timestamp(${year}, ${month}, 1, 0, 0, 0) + interval '1 month') AT TIME ZONE ${timeZone}`;
}

/** SQL of fault events: lists, counts, the acknowledge / done changes and the stored evidence. */
export function createFaultEventsRepository(db: Db) {
  return {
    /**
     * Whether the condition of open events still holds (issue 26 item 1): the tag's persisted status is at the
     * event's level or above, with its last value and unit. Events without a series (or never evaluated) are left out.
     */
    async stillActive(events: readonly EventKey[], executor: Db = db) {
      if (!events.length) return new Map<number, { value: number; unit: string; zone: string | null }>();
      const { models, ids } = keyArrays(events);
      // A Duval zone event's series keeps the zone it is in (issue 26 item 8): the condition is said by it.
      const { rows } = await sql<{
        id: string;
        value: number;
        unit: string;
        zone: string | null;
      }>`SELECT f.id, l.last_value AS value, s.unit, a.state->>'zone' AS zone
        FROM fault_events f JOIN series s ON s.id = f.series_id JOIN series_latest l ON l.series_id = s.id
          JOIN alarm_states a ON a.series_id = s.id
        WHERE f.model_id = ANY(${models}::uuid[]) AND f.id = ANY(${ids}::bigint[]) AND f.done_at IS NULL
          AND a.status >= f.alarm_type
          AND l.last_value IS NOT NULL`.execute(executor);
      return new Map(
        rows.map((row) => [Number(row.id), { value: row.value, unit: row.unit, zone: row.zone }]),
      );
    },

    /**
     * Open events nobody acknowledged past their company's time (alarm or warning), not yet escalated to the stage
     * asked: stage 1 after the time, stage 2 after twice the time (issue 26 item 6). Oldest first. An event whose
     * first reminder time had passed before the job began to watch it (`escalation_watched_from`: stored late, a
     * backfill or the demo's history, or older than reminders themselves, migration 0044) is never reminded.
     * A sweep over every model (a fan-out on a distributed database, listed in distribution-keys.test.ts).
     */
    async dueForEscalation(limit: number) {
      const { rows } = await sql<{ id: string; model_id: string; stage: number }>`SELECT f.id, f.model_id,
          CASE WHEN f.event_date <= now() - 2 * w.wait THEN 2 ELSE 1 END AS stage
        FROM fault_events f JOIN companies c ON c.id = f.company_id
          CROSS JOIN LATERAL (SELECT make_interval(mins => CASE f.alarm_type WHEN 2
                 THEN c.escalation_alarm_minutes ELSE c.escalation_warning_minutes END) AS wait) w
        WHERE f.done_at IS NULL AND NOT f.is_acknowledged AND f.escalation_stage < 2
          AND f.event_date <= now() - w.wait AND f.event_date + w.wait > f.escalation_watched_from
        ORDER BY f.event_date LIMIT ${limit}`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), model_id: row.model_id, stage: Number(row.stage) }));
    },

    /** Moves an unacknowledged open event to an escalation stage, once: false when someone else did, or it was acted on. */
    async escalate(key: EventKey, stage: number, executor: Db) {
      const result = await sql`UPDATE fault_events SET escalation_stage = ${stage}, escalated_at = now()
        WHERE model_id = ${key.model_id} AND id = ${key.id} AND escalation_stage < ${stage} AND done_at IS NULL AND NOT is_acknowledged`.execute(
        executor,
      );
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async escalationPolicy(companyId: string) {
      const { rows } = await sql<{ alarm_minutes: number; warning_minutes: number }>`SELECT
          escalation_alarm_minutes AS alarm_minutes, escalation_warning_minutes AS warning_minutes
        FROM companies WHERE id = ${companyId}`.execute(db);
      return rows[0];
    },

    async setEscalationPolicy(companyId: string, alarmMinutes: number, warningMinutes: number) {
      await sql`UPDATE companies SET escalation_alarm_minutes = ${alarmMinutes},
          escalation_warning_minutes = ${warningMinutes} WHERE id = ${companyId}`.execute(db);
    },

    /** The mail preferences of people (issue 26 item 6): levels, which models, a quiet period. */
    async mailPreferences(userId: string) {
      const { rows } = await sql<MailPreferences>`SELECT mail_warning, mail_alarm, mail_models,
          to_char(quiet_from, 'HH24:MI') AS quiet_from, to_char(quiet_to, 'HH24:MI') AS quiet_to
        FROM user_settings WHERE user_id = ${userId}`.execute(db);
      return rows[0] ?? DEFAULT_PREFERENCES;
    },

    async setMailPreferences(userId: string, preferences: MailPreferences) {
      await sql`INSERT INTO user_settings (user_id, mail_warning, mail_alarm, mail_models, quiet_from, quiet_to)
        VALUES (${userId}, ${preferences.mail_warning}, ${preferences.mail_alarm}, ${preferences.mail_models},
          ${preferences.quiet_from}::time, ${preferences.quiet_to}::time)
        ON CONFLICT (user_id) DO UPDATE SET mail_warning = EXCLUDED.mail_warning, mail_alarm = EXCLUDED.mail_alarm,
          mail_models = EXCLUDED.mail_models, quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to,
          updated_at = now()`.execute(db);
    },

    /**
     * Of the real-time subscribers, those whose preferences take this event now: its level, the model (all they
     * see, or only a tag assigned to them), and not inside their quiet period (read in the company's zone).
     */
    async wantingNow(
      userIds: string[],
      tagId: string,
      alarmType: 1 | 2,
      timeZone: string,
      executor: Db = db,
    ) {
      if (!userIds.length) return new Set<string>();
      const { rows } = await sql<{ user_id: string }>`SELECT s.user_id FROM user_settings s
        WHERE s.user_id = ANY(${userIds}::uuid[])
          AND ${alarmType === 2 ? sql`s.mail_alarm` : sql`s.mail_warning`}
          AND (s.mail_models = 'all' OR EXISTS (SELECT 1 FROM equipment_tag_members a
                 WHERE a.equipment_tag_id = ${tagId} AND a.user_id = s.user_id))
          AND NOT (s.quiet_from IS NOT NULL AND s.quiet_to IS NOT NULL AND s.quiet_from <> s.quiet_to AND
            CASE WHEN s.quiet_from < s.quiet_to
              THEN (now() AT TIME ZONE ${timeZone})::time >= s.quiet_from AND (now() AT TIME ZONE ${timeZone})::time < s.quiet_to
              ELSE (now() AT TIME ZONE ${timeZone})::time >= s.quiet_from OR (now() AT TIME ZONE ${timeZone})::time < s.quiet_to
            END)`.execute(executor);
      return new Set(rows.map((row) => row.user_id));
    },

    async modelContext(modelId: string, executor: Db = db) {
      const { rows } = await sql<{
        id: string;
        title: string;
        code: string;
        company_id: string;
        model_type_id: number;
        time_zone: string;
        equipment_tag_id: string;
      }>`SELECT m.id, m.title, m.code, m.company_id, m.model_type_id, m.equipment_tag_id, c.time_zone
         FROM equipment_models m JOIN companies c ON c.id = m.company_id WHERE m.id = ${modelId}`.execute(
        executor,
      );
      return rows[0];
    },

    /**
     * Events of a model, newest first: every one, those of one month, or of one year (month 0), the month and
     * year read in the company's time zone.
     */
    async list(modelId: string, month: number, year: number, timeZone: string): Promise<FaultEventRow[]> {
      const { rows } = await sql<FaultEventRow>`SELECT ${COLUMNS} FROM fault_events f ${JOINS}
        WHERE f.model_id = ${modelId} ${inPeriod(month, year, timeZone)} ORDER BY f.event_date DESC, f.id DESC`.execute(
        db,
      );
      return rows;
    },

    /**
     * One page of a model's open (`done` false) or completed events of the period, of one alarm type (0 both),
     * newest first; `limit` null for all from `offset`.
     */
    async page(
      modelId: string,
      period: { month: number; year: number; timeZone: string },
      filter: { done: boolean; alarmType: number; limit: number | null; offset: number },
    ): Promise<FaultEventRow[]> {
      const { rows } = await sql<FaultEventRow>`SELECT ${COLUMNS} FROM fault_events f ${JOINS}
        WHERE f.model_id = ${modelId} ${inPeriod(period.month, period.year, period.timeZone)}
          AND ${filter.done ? sql`f.done_at IS NOT NULL` : sql`f.done_at IS NULL`}
          ${filter.alarmType === 0 ? sql`` : sql`AND f.alarm_type = ${filter.alarmType}`}
        ORDER BY f.event_date DESC, f.id DESC
        ${filter.limit === null ? sql`` : sql`LIMIT ${filter.limit}`} OFFSET ${filter.offset}`.execute(db);
      return rows;
    },

    /** Totals of a model's events of the period: open by type, and both lists of one alarm type (0 both). */
    async totals(
      modelId: string,
      period: { month: number; year: number; timeZone: string },
      alarmType: number,
    ) {
      const ofType = alarmType === 0 ? sql`true` : sql`alarm_type = ${alarmType}`;
      const { rows } = await sql<{
        open: number;
        open_alarm: number;
        open_warning: number;
        new_total: number;
        history_total: number;
      }>`SELECT (count(*) FILTER (WHERE done_at IS NULL))::int AS open,
          (count(*) FILTER (WHERE done_at IS NULL AND alarm_type = 2))::int AS open_alarm,
          (count(*) FILTER (WHERE done_at IS NULL AND alarm_type = 1))::int AS open_warning,
          (count(*) FILTER (WHERE done_at IS NULL AND ${ofType}))::int AS new_total,
          (count(*) FILTER (WHERE done_at IS NOT NULL AND ${ofType}))::int AS history_total
        FROM fault_events f WHERE f.model_id = ${modelId} ${inPeriod(period.month, period.year, period.timeZone)}`.execute(
        db,
      );
      const row = rows[0];
      return {
        open_counts: { all: row?.open ?? 0, alarm: row?.open_alarm ?? 0, warning: row?.open_warning ?? 0 },
        new_total: row?.new_total ?? 0,
        history_total: row?.history_total ?? 0,
      };
    },

    /** The acknowledge and done recipients of the events, with the names they have now. */
    async recipients(events: readonly EventKey[], executor: Db = db): Promise<RecipientRow[]> {
      if (!events.length) return [];
      const { models, ids } = keyArrays(events);
      const { rows } = await sql<RecipientRow>`SELECT r.fault_event_id, r.stage, r.email, r.user_id,
          coalesce(u.name, '') AS name
        FROM fault_event_recipients r LEFT JOIN users u ON u.id = r.user_id
        WHERE r.model_id = ANY(${models}::uuid[]) AND r.fault_event_id = ANY(${ids}::bigint[]) ORDER BY r.email`.execute(
        executor,
      );
      return rows;
    },

    async count(modelId: string) {
      const { rows } = await sql<{
        count: number;
        alarm: number;
        warning: number;
      }>`SELECT count(*)::int AS count,
          (count(*) FILTER (WHERE alarm_type = 2))::int AS alarm, (count(*) FILTER (WHERE alarm_type = 1))::int AS warning
        FROM fault_events WHERE model_id = ${modelId} AND done_at IS NULL`.execute(db);
      return rows[0] ?? { count: 0, alarm: 0, warning: 0 };
    },

    async find(key: EventKey, executor: Db = db): Promise<FaultEventRow | undefined> {
      const { rows } = await sql<FaultEventRow>`SELECT ${COLUMNS} FROM fault_events f ${JOINS}
        WHERE f.model_id = ${key.model_id} AND f.id = ${key.id}`.execute(executor);
      return rows[0];
    },

    /** Several events locked for a change, in id order (so two bulk calls never wait on each other in a cycle). */
    async lockMany(events: readonly EventKey[], executor: Db) {
      const { models, ids } = keyArrays(events);
      const { rows } = await sql<{
        id: number;
        model_id: string;
        is_acknowledged: boolean;
        done_at: Date | null;
      }>`SELECT id, model_id, is_acknowledged, done_at FROM fault_events
        WHERE model_id = ANY(${models}::uuid[]) AND id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(
        executor,
      );
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    /** The event locked for a change (acknowledge, comment, done) inside the caller's transaction. */
    async lock(key: EventKey, executor: Db) {
      return (await this.lockMany([key], executor))[0];
    },

    /**
     * The models of the events (unknown ids are left out): the one lookup by id alone of a call that names events
     * (a fan-out on a distributed database, on fault_events_id_idx); every other statement then has their keys.
     */
    async modelsOfEvents(ids: number[]): Promise<Map<number, string>> {
      const { rows } = await sql<{ id: string; model_id: string }>`SELECT id, model_id FROM fault_events
        WHERE id = ANY(${ids}::bigint[])`.execute(db);
      return new Map(rows.map((row) => [Number(row.id), row.model_id]));
    },

    /**
     * The model's fault-event history log (issue 26 item 7): what the audit log holds of its events (acknowledge,
     * comment updates, done and what later work records there), newest first, with who did it.
     */
    async history(companyId: string, modelId: string, from: Date | null, to: Date | null) {
      const { rows } = await sql<{
        id: string;
        at: Date;
        action: string;
        entity_id: string;
        detail: Record<string, unknown>;
        user_id: string | null;
        user_name: string | null;
        user_email: string | null;
      }>`SELECT a.id::text AS id, a.at, a.action, a.entity_id, a.detail, u.id AS user_id, u.name AS user_name,
          u.email AS user_email
        FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
        WHERE a.company_id = ${companyId} AND a.entity = 'fault-event' AND a.detail->>'modelId' = ${modelId}
          AND (${from}::timestamptz IS NULL OR a.at >= ${from}::timestamptz)
          AND (${to}::timestamptz IS NULL OR a.at <= ${to}::timestamptz)
        ORDER BY a.at DESC, a.id DESC LIMIT 1000`.execute(db);
      return rows;
    },

    async evidence(key: EventKey): Promise<FaultEventEvidence | null> {
      const { rows } = await sql<{ evidence: FaultEventEvidence | null }>`SELECT evidence FROM fault_events
        WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(db);
      return rows[0]?.evidence ?? null;
    },

    /**
     * Stores the evidence unless some instance already did, with its diagnosis and, where the event has none yet,
     * the English cause and recommendation (`words`); answers whether this call stored it.
     */
    async storeEvidence(
      key: EventKey,
      evidence: FaultEventEvidence,
      executor: Db = db,
      words?: { cause: string; recommendation: string },
    ): Promise<boolean> {
      const result = await sql`UPDATE fault_events SET evidence = ${JSON.stringify(evidence)}::jsonb,
          diagnosis = ${evidence.diagnosis ? JSON.stringify(evidence.diagnosis) : null}::jsonb,
          cause = CASE WHEN cause = '' THEN ${words?.cause ?? ''} ELSE cause END,
          recommendation = CASE WHEN recommendation = '' THEN ${words?.recommendation ?? ''} ELSE recommendation END
        WHERE model_id = ${key.model_id} AND id = ${key.id} AND evidence IS NULL`.execute(executor);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /**
     * Events of a model, or of every model (the catch-up after events opened: a sweep, a fan-out on a distributed
     * database listed in distribution-keys.test.ts), opened without evidence yet, oldest first.
     */
    async withoutEvidence(modelId: string | null, limit: number): Promise<EventKey[]> {
      const { rows } =
        modelId === null
          ? await sql<{ id: string; model_id: string }>`SELECT id, model_id FROM fault_events
              WHERE evidence IS NULL AND created_at > now() - interval '1 day' ORDER BY id LIMIT ${limit}`.execute(
              db,
            )
          : await sql<{ id: string; model_id: string }>`SELECT id, model_id FROM fault_events
              WHERE model_id = ${modelId} AND evidence IS NULL AND created_at > now() - interval '1 day'
              ORDER BY id LIMIT ${limit}`.execute(db);
      return rows.map((row) => ({ id: Number(row.id), model_id: row.model_id }));
    },

    async acknowledge(key: EventKey, userId: string, comment: string, executor: Db) {
      await sql`UPDATE fault_events SET is_acknowledged = true, acknowledged_at = coalesce(acknowledged_at, now()),
          acknowledged_by = ${userId}, acknowledged_msg = ${comment}, updated_at = now()
        WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(executor);
    },

    async done(key: EventKey, userId: string, comment: string, outcome: Outcome, executor: Db) {
      await sql`UPDATE fault_events SET done_at = now(), done_by = ${userId}, done_msg = ${comment},
          outcome = ${outcome.outcome}, outcome_failure_mode = ${outcome.failureMode},
          updated_at = now() WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(executor);
    },

    /** The done comment, and the outcome when one is given (a correction of what was found). */
    async updateDoneComment(
      key: EventKey,
      userId: string,
      comment: string,
      outcome: Outcome | null,
      executor: Db,
    ) {
      const found = outcome
        ? sql`outcome = ${outcome.outcome}, outcome_failure_mode = ${outcome.failureMode},`
        : sql``;
      await sql`UPDATE fault_events SET done_by = ${userId}, done_msg = ${comment}, done_updated_at = now(), ${found}
          updated_at = now() WHERE model_id = ${key.model_id} AND id = ${key.id}`.execute(executor);
    },

    async setRecipients(key: EventKey, stage: Stage, members: Member[], executor: Db) {
      await sql`DELETE FROM fault_event_recipients
        WHERE model_id = ${key.model_id} AND fault_event_id = ${key.id} AND stage = ${stage}`.execute(
        executor,
      );
      if (!members.length) return;
      await sql`INSERT INTO fault_event_recipients (model_id, fault_event_id, stage, email, user_id)
        SELECT ${key.model_id}::uuid, ${key.id}, ${stage}, e, u FROM unnest(${members.map((m) => m.email)}::text[], ${members.map((m) => m.id)}::uuid[]) AS x(e, u)`.execute(
        executor,
      );
    },

    /** Active members of the company (active accounts), by e-mail when `emails` is given. */
    async members(companyId: string, emails?: string[]): Promise<Member[]> {
      const filter = emails
        ? sql`AND lower(u.email) = ANY(${emails.map((e) => e.toLowerCase())}::text[])`
        : sql``;
      const { rows } =
        await sql<Member>`SELECT u.id, u.email, u.name, m.role, coalesce(s.language, 'en') AS language
        FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN user_settings s ON s.user_id = u.id
        WHERE m.company_id = ${companyId} AND m.status = 'active' AND u.status = 'active' ${filter}
        ORDER BY lower(u.name), lower(u.email)`.execute(db);
      return rows;
    },

    /**
     * Active members of the company with the 'Real time fault event' switch on (platform administrators who turned
     * it on are not members and get none). Who of them sees the equipment is for equipment-visibility.ts to say.
     */
    async realtimeSubscribers(companyId: string, executor: Db = db): Promise<Member[]> {
      const { rows } = await sql<Member>`SELECT u.id, u.email, u.name, m.role, s.language
        FROM user_settings s JOIN users u ON u.id = s.user_id
        JOIN memberships m ON m.user_id = u.id AND m.company_id = ${companyId} AND m.status = 'active'
        WHERE s.realtime_fault_event AND u.status = 'active'`.execute(executor);
      return rows;
    },

    async companyAlarms(filter: {
      companyId: string;
      status: 'open' | 'done' | 'all';
      alarmType?: number | undefined;
      modelTypeId?: number | undefined;
      acknowledged?: boolean | undefined;
      minAgeHours?: number | undefined;
      maxAgeHours?: number | undefined;
      visibleTags: ReadonlySet<string> | null;
      sort: 'newest' | 'oldest' | 'severity' | 'model';
      limit: number;
    }): Promise<{ rows: CompanyAlarmRow[]; total: number }> {
      // The company's active models the caller sees (of the model type asked) first: the events are then read by
      // their distribution key, on those models' shards only (docs/scale.md "Distribution keys").
      const ofModels = [sql`m.company_id = ${filter.companyId}`, sql`m.is_active`];
      if (filter.modelTypeId) ofModels.push(sql`m.model_type_id = ${filter.modelTypeId}`);
      if (filter.visibleTags)
        ofModels.push(sql`m.equipment_tag_id = ANY(${[...filter.visibleTags]}::uuid[])`);
      const models = (
        await sql<{ id: string }>`SELECT m.id FROM equipment_models m
          WHERE ${sql.join(ofModels, sql` AND `)}`.execute(db)
      ).rows.map((row) => row.id);
      if (!models.length) return { rows: [], total: 0 };
      const where = [sql`f.company_id = ${filter.companyId}`];
      if (filter.status === 'open') where.push(sql`f.done_at IS NULL`);
      if (filter.status === 'done') where.push(sql`f.done_at IS NOT NULL`);
      if (filter.alarmType) where.push(sql`f.alarm_type = ${filter.alarmType}`);
      if (filter.acknowledged !== undefined) where.push(sql`f.is_acknowledged = ${filter.acknowledged}`);
      if (filter.minAgeHours !== undefined)
        where.push(sql`f.event_date <= now() - make_interval(secs => ${filter.minAgeHours * 3600})`);
      if (filter.maxAgeHours !== undefined)
        where.push(sql`f.event_date >= now() - make_interval(secs => ${filter.maxAgeHours * 3600})`);
      const order = {
        newest: sql`f.event_date DESC, f.id DESC`,
        oldest: sql`f.event_date ASC, f.id ASC`,
        severity: sql`f.alarm_type DESC, f.event_date DESC, f.id DESC`,
        model: sql`lower(m.title), f.event_date DESC, f.id DESC`,
      }[filter.sort];
      const condition = sql.join(where, sql` AND `);
      const [{ rows }, counted] = await Promise.all([
        sql<CompanyAlarmRow>`SELECT ${COLUMNS}, m.title AS model_title, m.code AS model_code,
            m.model_type_id, t.title AS tag_name
          FROM fault_events f JOIN equipment_models m ON m.id = f.model_id
          JOIN structure_items t ON t.id = m.equipment_tag_id ${JOINS}
          WHERE f.model_id = ANY(${models}::uuid[]) AND ${condition}
          ORDER BY ${order} LIMIT ${filter.limit}`.execute(db),
        sql<{ total: number }>`SELECT count(*)::int AS total FROM fault_events f
          WHERE f.model_id = ANY(${models}::uuid[]) AND ${condition}`.execute(db),
      ]);
      return { rows, total: counted.rows[0]?.total ?? 0 };
    },

    /** What the evidence of an event is made of: its series, 24 h of samples, the model's settings and text. */
    async evidenceInputs(key: EventKey) {
      const event = await this.find(key);
      if (!event) return undefined;
      const [series, trend, settings, configuration, workbook, model] = await Promise.all([
        sql<{ unit: string }>`SELECT unit FROM series WHERE id = ${event.series_id}`.execute(db),
        sql<{ t: number; value: number }>`SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, value
          FROM measurements WHERE series_id = ${event.series_id}
            AND ts > ${event.event_date}::timestamptz - interval '24 hours' AND ts <= ${event.event_date}::timestamptz
          ORDER BY ts`.execute(db),
        sql<{ document: unknown }>`SELECT document FROM equipment_model_settings
          WHERE model_id = ${event.model_id}`.execute(db),
        sql<{
          tag_code: string;
          value: string;
        }>`SELECT i.tag_code, c.value FROM equipment_model_configurations c
          JOIN configuration_items i ON i.id = c.item_id WHERE c.model_id = ${event.model_id}`.execute(db),
        sql<{ message: string; cause: string; recommendation: string }>`SELECT message, cause, recommendation
          FROM model_recommendations WHERE model_id = ${event.model_id} AND tag_code = ${event.tag}
            AND alarm_type = ${event.alarm_type}`.execute(db),
        this.modelContext(event.model_id),
      ]);
      return {
        event,
        unit: series.rows[0]?.unit ?? '',
        trend: trend.rows,
        document: settings.rows[0]?.document ?? null,
        configuration: configuration.rows,
        workbook: workbook.rows[0],
        model,
      };
    },

    /** The capture of a sensor closest before (or at) the event, of the given kinds, within a day. */
    async captureBefore(modelId: string, sensor: string | null, kinds: string[], at: Date, channel?: string) {
      const { rows } = await sql<{
        file_name: string;
        captured_at: Date;
        sensor: string;
        channel: string;
        kind: string;
        sample_rate: number;
        unit: string;
        samples: Buffer;
      }>`SELECT file_name, captured_at, sensor, channel, kind, sample_rate, unit, samples FROM waveforms
        WHERE model_id = ${modelId} AND (${sensor}::text IS NULL OR sensor = ${sensor}) AND kind = ANY(${kinds}::text[])
          AND (${channel ?? null}::text IS NULL OR channel = ${channel ?? null})
          AND captured_at <= ${at}::timestamptz + interval '1 minute' AND captured_at > ${at}::timestamptz - interval '1 day'
        ORDER BY captured_at DESC LIMIT 1`.execute(db);
      return rows[0];
    },

    async publish(event: Record<string, unknown>, executor: Db = db) {
      await sql`SELECT sdp_publish(${JSON.stringify(event)}::jsonb)`.execute(executor);
    },

    async settings(userId: string) {
      const { rows } = await sql<{ realtime_fault_event: boolean; language: 'en' | 'th' }>`SELECT
          realtime_fault_event, language FROM user_settings WHERE user_id = ${userId}`.execute(db);
      return rows[0] ?? { realtime_fault_event: false, language: 'en' as const };
    },

    async setRealtime(userId: string, enable: boolean, language?: 'en' | 'th') {
      await sql`INSERT INTO user_settings (user_id, realtime_fault_event, language)
        VALUES (${userId}, ${enable}, ${language ?? 'en'})
        ON CONFLICT (user_id) DO UPDATE SET realtime_fault_event = EXCLUDED.realtime_fault_event,
          language = coalesce(${language ?? null}, user_settings.language), updated_at = now()`.execute(db);
    },
  };
}

export type FaultEventsRepository = ReturnType<typeof createFaultEventsRepository>;
