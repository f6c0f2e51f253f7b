import { z } from 'zod';
import { uuid } from './common.ts';

/** Scheduler iterable codes of spec 01 §9: 1 daily, 7 weekly, 30 monthly. */
export const SCHEDULE_ITERABLE = { daily: 1, weekly: 7, monthly: 30 } as const;
export type SchedulePeriod = keyof typeof SCHEDULE_ITERABLE;
export const SCHEDULE_PERIODS = ['daily', 'weekly', 'monthly'] as const;

const timeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone: use an IANA name such as Asia/Bangkok.');

/** A wall-clock time HH:MM or HH:MM:SS (seconds dropped), or an ISO date-time whose local time is taken. */
const startTimeValue = z
  .string()
  .trim()
  .max(40)
  .regex(
    /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$|^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d/,
    'Start time must be HH:MM or HH:MM:SS.',
  );

/** Start time as the web sends it: [time, browser time zone]; empty when the period is inactive (spec 01 §3). */
export const scheduleStartTime = z.union([z.tuple([]), z.tuple([startTimeValue, timeZone])]);

/** The equipment e-mail notification save payload (spec 01 §3 'Schedule save payload'). */
export const emailSchedulePayload = z
  .object({
    companies_id: uuid,
    equipment_tag_id: uuid,
    createdDate: z.string().max(40).optional(),
    updatedDate: z.string().max(40).optional(),
    is_daily: z.boolean(),
    is_daily_warning: z.boolean().default(false),
    is_daily_alarm: z.boolean().default(false),
    daily_start_time: scheduleStartTime.default([]),
    is_weekly: z.boolean(),
    is_weekly_warning: z.boolean().default(false),
    is_weekly_alarm: z.boolean().default(false),
    weekly_start_time: scheduleStartTime.default([]),
    /** 1 Monday … 7 Sunday. */
    weekly_day: z.number().int().min(1).max(7).nullable().default(null),
    is_monthly: z.boolean(),
    is_monthly_warning: z.boolean().default(false),
    is_monthly_alarm: z.boolean().default(false),
    monthly_start_time: scheduleStartTime.default([]),
  })
  .superRefine((body, ctx) => {
    for (const period of SCHEDULE_PERIODS) {
      if (!body[`is_${period}`]) continue;
      if (!body[`is_${period}_warning`] && !body[`is_${period}_alarm`])
        ctx.addIssue({
          code: 'custom',
          path: [`is_${period}_warning`],
          message: `Choose Warning or Alarm for the ${period} e-mail.`,
        });
      if (body[`${period}_start_time`].length === 0)
        ctx.addIssue({
          code: 'custom',
          path: [`${period}_start_time`],
          message: `A ${period} schedule needs a start time and time zone.`,
        });
    }
    if (body.is_weekly && body.weekly_day === null)
      ctx.addIssue({ code: 'custom', path: ['weekly_day'], message: 'Choose the day of the week (1–7).' });
  });
export type EmailSchedulePayload = z.input<typeof emailSchedulePayload>;

/** A stored schedule (spec 01 §3): job_id is the id DELETE takes. */
export const emailSchedule = z.object({
  id: uuid,
  job_id: uuid,
  type: z.enum(SCHEDULE_PERIODS),
  iterable: z.union([z.literal(1), z.literal(7), z.literal(30)]),
  is_warning: z.boolean(),
  is_alarm: z.boolean(),
  /** HH:MM:SS in time_zone. */
  start_time: z.string(),
  time_zone: z.string(),
  day: z.number().int().nullable(),
  /** The next time the digest is due (ISO). */
  next_run: z.string(),
});
export type EmailSchedule = z.infer<typeof emailSchedule>;
export const emailScheduleList = z.object({ items: z.array(emailSchedule) });
export type EmailScheduleList = z.infer<typeof emailScheduleList>;

export const REPORT_KINDS = ['MCA', 'RVS'] as const;
export const reportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKind>;

/** The 48 half-hour times of the RVS daily report, as sent: HH:MM:SS (spec 01 §2, §9). */
export const RVS_REPORT_TIMES: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`,
);

/** Online report config by company and kind (spec 01 §3, §7). */
export const reportConfig = z.object({
  is_auto_send: z.boolean(),
  interval_day: z.number().int().nullable(),
  interval_time: z.string().nullable(),
  memberIds: z.array(uuid),
});
export type ReportConfig = z.infer<typeof reportConfig>;

export const reportConfigUpdate = z.object({
  memberIds: z.array(uuid).max(500),
  isAutoSend: z.boolean(),
  /** MCA monthly: day of the month 1–28. */
  intervalDay: z
    .number()
    .int()
    .min(1, 'intervalDay must be a day from 1 to 28.')
    .max(28, 'intervalDay must be a day from 1 to 28.')
    .nullable()
    .optional(),
  /** RVS daily: one of the 48 half-hour times, HH:MM:SS. */
  intervalTime: z
    .string()
    .refine(
      (time) => RVS_REPORT_TIMES.includes(time),
      'intervalTime must be a half-hour time HH:MM:00 (00:00:00 … 23:30:00).',
    )
    .nullable()
    .optional(),
});
export type ReportConfigUpdate = z.infer<typeof reportConfigUpdate>;

export const reportMember = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** Chosen as a recipient of this kind of report. */
  isNotify: z.boolean(),
});
export const reportMembers = z.object({ items: z.array(reportMember) });
export type ReportMember = z.infer<typeof reportMember>;

/** The longest report range: 31 days (spec 03 §5, §9). */
export const REPORT_MAX_DAYS = 31;

/** Get report PDF (spec 03 §7.6): start and end as ISO instants, end at the end of its day. */
export const reportPdfQuery = z.object({
  model_id: uuid,
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  type: reportKind.default('MCA'),
});
export const reportPdfResult = z.object({ url: z.string() });
