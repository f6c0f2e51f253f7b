import {
  type EmailSchedule,
  type EmailSchedulePayload,
  emailSchedulePayload,
  SCHEDULE_ITERABLE,
  SCHEDULE_PERIODS,
  type SchedulePeriod,
} from '@sdp/contracts';
import type { Db } from '../../db/pool.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { notFound } from '../../lib/http-error.ts';
import type { MailService } from '../../mail/mail.service.ts';
import { digestMail } from './digest-mail.ts';
import type { EmailSchedulesRepository, ScheduleInput, ScheduleRow } from './email-schedules.repository.ts';
import {
  cronOf,
  latestOccurrence,
  nextOccurrence,
  previousOccurrence,
  type Recurrence,
  wallClockTime,
} from './schedule-time.ts';

const QUEUE = 'email-schedule';
const PERIOD_OF: Record<1 | 7 | 30, SchedulePeriod> = { 1: 'daily', 7: 'weekly', 30: 'monthly' };
/** Monthly digests go out on the first of the month (the dialog offers no day for them). */
const MONTHLY_DAY = 1;

export function recurrenceOf(
  row: Pick<ScheduleRow, 'iterable' | 'start_time' | 'time_zone' | 'day'>,
): Recurrence {
  return {
    iterable: row.iterable,
    time: row.start_time,
    timeZone: row.time_zone,
    day: row.iterable === 30 ? MONTHLY_DAY : row.day,
  };
}

/** What the dialog's payload asks for, one schedule per active period. */
function wantedSchedules(body: ReturnType<typeof emailSchedulePayload.parse>): ScheduleInput[] {
  return SCHEDULE_PERIODS.filter((period) => body[`is_${period}`]).map((period) => {
    const [time, timeZone] = body[`${period}_start_time`] as [string, string];
    return {
      iterable: SCHEDULE_ITERABLE[period],
      is_warning: body[`is_${period}_warning`],
      is_alarm: body[`is_${period}_alarm`],
      start_time: wallClockTime(time, timeZone),
      time_zone: timeZone,
      day: period === 'weekly' ? body.weekly_day : null,
    };
  });
}

/**
 * Equipment e-mail notifications (spec 01 §2, §4): each schedule is a pg-boss cron schedule of its own (key = the
 * schedule id) in its time zone; when due, the tag's assigned members get a digest of the period's warnings and
 * alarms, or nothing when there were none. An occurrence is claimed by a run key, so retries, several instances
 * and the catch-up after downtime send it once.
 */
export function createEmailSchedulesService(deps: {
  db: Db;
  repository: EmailSchedulesRepository;
  jobs: Jobs;
  mail: MailService;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, repository, jobs, mail } = deps;
  const now = deps.now ?? (() => new Date());

  const present = (row: ScheduleRow): EmailSchedule => ({
    id: row.id,
    job_id: row.id,
    type: PERIOD_OF[row.iterable],
    iterable: row.iterable,
    is_warning: row.is_warning,
    is_alarm: row.is_alarm,
    start_time: row.start_time,
    time_zone: row.time_zone,
    day: row.day,
    next_run: nextOccurrence(recurrenceOf(row), now()).toISOString(),
  });

  async function syncJobs(before: ScheduleRow[], after: ScheduleRow[]) {
    const kept = new Set(after.map((row) => row.id));
    for (const row of before) if (!kept.has(row.id)) await jobs.unscheduleKeyed(QUEUE, row.id);
    for (const row of after)
      await jobs.scheduleKeyed(QUEUE, row.id, cronOf(recurrenceOf(row)), row.time_zone, {
        scheduleId: row.id,
      });
  }

  /** Sends one occurrence of a schedule unless it was handled already; answers how many mails were queued. */
  async function runOccurrence(schedule: ScheduleRow, occurrence: Date): Promise<number> {
    const recurrence = recurrenceOf(schedule);
    const runKey = `email:${schedule.id}:${occurrence.toISOString()}`;
    const from = previousOccurrence(recurrence, occurrence);
    const levels: (1 | 2)[] = [
      ...(schedule.is_warning ? [1 as const] : []),
      ...(schedule.is_alarm ? [2 as const] : []),
    ];
    const [events, recipients, tag] = await Promise.all([
      repository.events(schedule.equipment_tag_id, from, occurrence, levels),
      repository.recipients(schedule.company_id, schedule.equipment_tag_id),
      repository.tag(schedule.equipment_tag_id),
    ]);
    return db.transaction().execute(async (trx) => {
      if (!(await repository.claimRun(runKey, trx))) return 0;
      if (events.length === 0 || recipients.length === 0 || !tag) return 0;
      // One digest per language, each recipient's in theirs (issue 27 item 5).
      const messages = new Map<'en' | 'th', ReturnType<typeof digestMail>>();
      const messageIn = (language: 'en' | 'th') => {
        let message = messages.get(language);
        if (!message) {
          message = digestMail({
            period: PERIOD_OF[schedule.iterable],
            tagTitle: tag.title,
            tagAlias: tag.alias ?? '',
            from,
            to: occurrence,
            timeZone: schedule.time_zone,
            events,
            publicUrl: deps.publicUrl,
            language,
          });
          messages.set(language, message);
        }
        return message;
      };
      let queued = 0;
      for (const recipient of recipients) {
        const id = await mail.enqueue(
          {
            ...messageIn(recipient.language),
            recipient: recipient.email,
            companyId: schedule.company_id,
            runKey: `${runKey}:${recipient.email}`,
          },
          trx,
        );
        if (id) queued += 1;
      }
      await repository.recordMails(runKey, queued, trx);
      return queued;
    });
  }

  return {
    async list(tagId: string): Promise<EmailSchedule[]> {
      return (await repository.ofTag(tagId)).map(present);
    },

    /**
     * POST and PUT of the dialog: the tag's schedules become what the payload asks (none active: all deleted), one
     * per period, so saving twice or updating keeps one schedule and one cron job per period.
     */
    async save(companyId: string, input: EmailSchedulePayload): Promise<EmailSchedule[]> {
      const body = emailSchedulePayload.parse(input);
      const wanted = wantedSchedules(body);
      const { before, after } = await db.transaction().execute(async (trx) => {
        const tag = await repository.lockTag(companyId, body.equipment_tag_id, trx);
        if (!tag) throw notFound('Equipment tag not found.');
        const existing = await repository.ofTag(body.equipment_tag_id, trx);
        return {
          before: existing,
          after: await repository.replace(companyId, body.equipment_tag_id, wanted, trx),
        };
      });
      await syncJobs(before, after);
      return after.map(present);
    },

    /** DELETE /{id}: the schedule and its cron job. */
    async remove(id: string) {
      if (!(await repository.remove(id))) throw notFound('E-mail schedule not found.');
      await jobs.unscheduleKeyed(QUEUE, id);
    },

    /** The `email-schedule` job: the occurrence due now (the latest at or before the clock). */
    async run(scheduleId: string): Promise<number> {
      const schedule = await repository.find(scheduleId);
      if (!schedule) {
        await jobs.unscheduleKeyed(QUEUE, scheduleId);
        return 0;
      }
      return runOccurrence(schedule, latestOccurrence(recurrenceOf(schedule), now()));
    },

    /**
     * At start: every schedule has its cron job and no job is left without a schedule; an occurrence that came
     * due while no server ran (after the schedule was saved) is sent now, once.
     */
    async startUp(): Promise<number> {
      const rows = await repository.all();
      const known = new Set(rows.map((row) => row.id));
      for (const scheduled of await jobs.keyedSchedules(QUEUE))
        if (!known.has(scheduled.key)) await jobs.unscheduleKeyed(QUEUE, scheduled.key);
      await syncJobs([], rows);
      let sent = 0;
      for (const row of rows) {
        const occurrence = latestOccurrence(recurrenceOf(row), now());
        if (occurrence > row.updated_at) sent += await runOccurrence(row, occurrence);
      }
      return sent;
    },
  };
}

export type EmailSchedulesService = ReturnType<typeof createEmailSchedulesService>;
