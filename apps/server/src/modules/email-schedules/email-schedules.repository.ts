import type { EventDiagnosis } from '@sdp/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

export interface ScheduleRow {
  id: string;
  company_id: string;
  equipment_tag_id: string;
  iterable: 1 | 7 | 30;
  is_warning: boolean;
  is_alarm: boolean;
  start_time: string;
  time_zone: string;
  day: number | null;
  updated_at: Date;
}

export interface ScheduleInput {
  iterable: 1 | 7 | 30;
  is_warning: boolean;
  is_alarm: boolean;
  start_time: string;
  time_zone: string;
  day: number | null;
}

/** A fault event as the digest lists it. */
export interface DigestEvent {
  model_id: string;
  model_title: string;
  model_code: string;
  tag: string;
  event_date: Date;
  alarm_type: 1 | 2;
  alarm_message: string;
  alarm_value: number;
  /** What the event said was wrong, stored as it opened: a Duval zone event's message is said from it. */
  diagnosis?: EventDiagnosis | null;
}

const columns = [
  'id',
  'company_id',
  'equipment_tag_id',
  'iterable',
  'is_warning',
  'is_alarm',
  sql<string>`to_char(start_time, 'HH24:MI:SS')`.as('start_time'),
  'time_zone',
  'day',
  'updated_at',
] as const;

export function createEmailSchedulesRepository(db: Db) {
  return {
    ofTag(tagId: string, executor: Db = db): Promise<ScheduleRow[]> {
      return executor
        .selectFrom('email_schedules')
        .select(columns)
        .where('equipment_tag_id', '=', tagId)
        .orderBy('iterable')
        .execute();
    },

    find(id: string): Promise<ScheduleRow | undefined> {
      return db.selectFrom('email_schedules').select(columns).where('id', '=', id).executeTakeFirst();
    },

    all(): Promise<ScheduleRow[]> {
      return db.selectFrom('email_schedules').select(columns).execute();
    },

    /** The live equipment tag of a company, locked against a concurrent save of its schedules. */
    async lockTag(companyId: string, tagId: string, executor: Db) {
      return executor
        .selectFrom('structure_items')
        .select(['id', 'title', 'alias'])
        .where('id', '=', tagId)
        .where('company_id', '=', companyId)
        .where('item_type', '=', 'EquipmentTag')
        .where('is_disabled', '=', false)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Makes the tag's schedules exactly `wanted` (one per period), keeping the ids of periods that stay. */
    async replace(companyId: string, tagId: string, wanted: ScheduleInput[], executor: Db) {
      await executor
        .deleteFrom('email_schedules')
        .where('equipment_tag_id', '=', tagId)
        .$if(wanted.length > 0, (q) =>
          q.where(
            'iterable',
            'not in',
            wanted.map((w) => w.iterable),
          ),
        )
        .execute();
      for (const w of wanted) {
        await executor
          .insertInto('email_schedules')
          .values({ ...w, company_id: companyId, equipment_tag_id: tagId })
          .onConflict((oc) =>
            oc.columns(['equipment_tag_id', 'iterable']).doUpdateSet({
              is_warning: w.is_warning,
              is_alarm: w.is_alarm,
              start_time: w.start_time,
              time_zone: w.time_zone,
              day: w.day,
              updated_at: sql<Date>`now()`,
            }),
          )
          .execute();
      }
      return this.ofTag(tagId, executor);
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('email_schedules').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The tag's title and alias, for the mail. */
    tag(tagId: string) {
      return db
        .selectFrom('structure_items')
        .select(['title', 'alias', 'company_id'])
        .where('id', '=', tagId)
        .executeTakeFirst();
    },

    /**
     * Fault events of the tag's active models with event_date in [from, to), of the chosen levels: the models first,
     * so the events are read by their distribution key (docs/scale.md "Distribution keys").
     */
    async events(tagId: string, from: Date, to: Date, levels: (1 | 2)[]): Promise<DigestEvent[]> {
      if (levels.length === 0) return [];
      const models = await db
        .selectFrom('equipment_models')
        .select('id')
        .where('equipment_tag_id', '=', tagId)
        .where('is_active', '=', true)
        .execute();
      if (models.length === 0) return [];
      return db
        .selectFrom('fault_events as f')
        .innerJoin('equipment_models as m', 'm.id', 'f.model_id')
        .select([
          'f.model_id',
          'm.title as model_title',
          'm.code as model_code',
          'f.tag',
          'f.event_date',
          'f.alarm_type',
          'f.alarm_message',
          'f.alarm_value',
          sql<EventDiagnosis | null>`f.diagnosis`.as('diagnosis'),
        ])
        .where(
          'f.model_id',
          'in',
          models.map((model) => model.id),
        )
        .where('f.event_date', '>=', from)
        .where('f.event_date', '<', to)
        .where('f.alarm_type', 'in', levels)
        .orderBy('m.title')
        .orderBy('f.event_date')
        .execute();
    },

    /** Active members of the company assigned to the tag, with an active account. */
    /** The assigned active members, each with the language their mails are written in (issue 27 item 5). */
    recipients(
      companyId: string,
      tagId: string,
    ): Promise<{ email: string; name: string; language: 'en' | 'th' }[]> {
      return db
        .selectFrom('equipment_tag_members as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .innerJoin('memberships as ms', (join) =>
          join.onRef('ms.user_id', '=', 'a.user_id').on('ms.company_id', '=', companyId),
        )
        .select([
          'u.email',
          'u.name',
          sql<
            'en' | 'th'
          >`coalesce((SELECT s.language FROM user_settings s WHERE s.user_id = u.id), 'en')`.as('language'),
        ])
        .where('a.equipment_tag_id', '=', tagId)
        .where('ms.status', '=', 'active')
        .where('u.status', '=', 'active')
        .orderBy('u.email')
        .execute();
    },

    /** Claims an occurrence; false when it was already handled (by a retry, another instance or a catch-up). */
    async claimRun(runKey: string, executor: Db): Promise<boolean> {
      const row = await executor
        .insertInto('schedule_runs')
        .values({ run_key: runKey })
        .onConflict((oc) => oc.column('run_key').doNothing())
        .returning('run_key')
        .executeTakeFirst();
      return row !== undefined;
    },

    async recordMails(runKey: string, mails: number, executor: Db) {
      await executor.updateTable('schedule_runs').set({ mails }).where('run_key', '=', runKey).execute();
    },

    async runExists(runKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('schedule_runs')
        .select('run_key')
        .where('run_key', '=', runKey)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type EmailSchedulesRepository = ReturnType<typeof createEmailSchedulesRepository>;
