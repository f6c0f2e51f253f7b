import { z } from 'zod';
import { uuid } from './common.ts';
import { eventDiagnosis } from './event-diagnosis.ts';

/**
 * Fault events (spec 03 §2.14, §3, §4.4, §7.3; issue 15): the new ones of a model, their history, acknowledge,
 * comment update, done, the count of a model, the company alarm list and the real-time switch. Times are ISO 8601
 * instants; the web shows them in the company's zone.
 */

const instant = z.iso.datetime({ offset: true });

/** Longest acknowledge / done comment, in characters. */
export const FAULT_EVENT_COMMENT_MAX = 1000;

/** A person told about an acknowledge or done. */
export const faultEventPerson = z.object({ id: uuid.nullable(), name: z.string(), email: z.string() });
export type FaultEventPerson = z.infer<typeof faultEventPerson>;

/** The stored proof of an event (issue 15 item 3): what was measured against what, when it opened. */
export const faultEventEvidence = z.object({
  tag: z.string(),
  name: z.string(),
  unit: z.string(),
  value: z.number(),
  warningLimit: z.number().nullable(),
  alarmLimit: z.number().nullable(),
  /** 'high': above the limit is bad; 'low': below it. */
  direction: z.enum(['high', 'low']),
  /** How far past the crossed limit the value was, in percent of the limit. */
  exceedPercent: z.number().nullable(),
  /** The 'X out of Y' rule the status rose under. */
  persistence: z.object({ x: z.number().int(), y: z.number().int() }).nullable(),
  /** The tag's samples of the 24 hours before the event, thinned: [epoch ms, value]. */
  trend: z.array(z.tuple([z.number(), z.number()])),
  trendStats: z.object({ min: z.number(), max: z.number(), mean: z.number(), count: z.number() }).nullable(),
  /** For vibration and current tags: the capture closest before the event, its peaks and fault-frequency cursors. */
  spectrum: z
    .object({
      fileName: z.string(),
      capturedAt: instant,
      sensor: z.string(),
      channel: z.string(),
      kind: z.string(),
      sampleRate: z.number(),
      /** Largest peaks of the amplitude spectrum: frequency (Hz) and amplitude in the capture's unit. */
      peaks: z.array(z.object({ hz: z.number(), amplitude: z.number() })),
      /** Fault frequencies of the model (running speed and its harmonics, line frequency …), Hz. */
      cursors: z.array(z.object({ label: z.string(), hz: z.number() })),
    })
    .nullable(),
  failureMode: z.string(),
  recommendation: z.string(),
  /** What is wrong and what to do, as facts (issue 26 item 2); absent in evidence stored before it. */
  diagnosis: eventDiagnosis.optional(),
  capturedAt: instant,
});
export type FaultEventEvidence = z.infer<typeof faultEventEvidence>;

/**
 * What was found when a fault event was closed (issue 25 item 5): the fault the alarm pointed at was there, there
 * was none, the work was maintenance planned anyway, or something else. Alarm precision is confirmed ÷ closed with
 * an outcome.
 */
export const FAULT_EVENT_OUTCOMES = [
  'fault_confirmed',
  'no_fault_found',
  'planned_maintenance',
  'other',
] as const;
export const faultEventOutcome = z.enum(FAULT_EVENT_OUTCOMES, {
  error: `outcome: one of ${FAULT_EVENT_OUTCOMES.join(', ')}`,
});
export type FaultEventOutcome = z.infer<typeof faultEventOutcome>;

/**
 * The failure modes a confirmed fault may name: the vibration engine's (packages/analytics FAILURE_MODES), the motor
 * current engine's (DIAGNOSTIC_FAULT_SERIES), and `other` for a fault neither engine names (a server test keeps this
 * list in step with the engine's).
 */
export const OUTCOME_FAILURE_MODES = [
  'unbalance',
  'misalignment',
  'looseness',
  'bearing',
  'gear',
  'rotor_bar_crack',
  'bearing_failure',
  'eccentric_airgap',
  'ground_fault',
  'short_turn',
  'terminal_loose',
  'other',
] as const;
export const outcomeFailureMode = z.enum(OUTCOME_FAILURE_MODES, {
  error: `failure_mode: one of ${OUTCOME_FAILURE_MODES.join(', ')}`,
});
export type OutcomeFailureMode = z.infer<typeof outcomeFailureMode>;

/** Where an event's reminder stands (see `escalation` of a fault event). */
export const ESCALATION_STATES = ['pending', 'reminded', 'not_reminded_late', 'acknowledged'] as const;
export type EscalationState = (typeof ESCALATION_STATES)[number];

/** One fault event (spec 03 §3 'Fault event'), with the people of its acknowledge and done. */
export const faultEvent = z.object({
  id: z.number().int(),
  modelId: uuid,
  eventDate: instant,
  alarmMessage: z.string(),
  /** 1 Warning, 2 Alarm. */
  alarmType: z.union([z.literal(1), z.literal(2)]),
  alarmValue: z.number(),
  warningLimit: z.number().nullable(),
  alarmLimit: z.number().nullable(),
  sensorId: z.string(),
  tag: z.string(),
  /** Which limit raised the level: the one set in the model, or its learned baseline (issue 25 item 4). */
  trippedBy: z.enum(['fixed_limit', 'learned_baseline', 'duval_zone']).optional(),
  /** In English (the workbook's or the diagnosis'); `diagnosis` gives the facts to say it in the reader's language. */
  cause: z.string(),
  recommendation: z.string(),
  /** The diagnosis at alarm time (issue 26 item 2); null until its evidence is stored, and for older events. */
  diagnosis: eventDiagnosis.nullable(),
  isAcknowledged: z.boolean(),
  isDone: z.boolean(),
  updatedAt: instant,
  /** Crossings counted on this open event (issue 26 item 6): 1 when it opened, one more per repeat. */
  occurrences: z.number().int(),
  /** The last crossing's value and time (null until it repeats). */
  lastValue: z.number().nullable(),
  lastAt: instant.nullable(),
  /** The event closed while its condition still held that this one continues (issue 26 item 1). */
  reopenedFrom: z.number().int().nullable(),
  /** 0 none, 1 the assignees were reminded, 2 the owners too (unacknowledged past the company's time). */
  escalationStage: z.number().int(),
  escalatedAt: instant.nullable(),
  /**
   * The reminder of an unacknowledged event (issue 26 item 6; docs/fault-events-and-notes.md "Escalation"): when
   * the first is due (the event's date plus its company's time for the level) and where it stands:
   * `reminded` sent (`escalationStage` says to whom), `acknowledged` not needed: acknowledged before any reminder,
   * `not_reminded_late` never to be sent because the event reached the server after its reminder time (history, a
   * backfill, late data), `pending` not yet due (or due and about to be sent by the job, every minute).
   */
  escalation: z
    .object({
      firstReminderAt: instant,
      state: z.enum(ESCALATION_STATES),
    })
    .meta({
      description:
        "The reminder of an unacknowledged event: firstReminderAt = event date + the company's reminder time for " +
        'its level; state reminded (sent, escalationStage says to whom), acknowledged (not needed), ' +
        'not_reminded_late (never sent: the event reached the server after its first reminder time, e.g. history ' +
        'or a backfill), pending (not yet due, or due and sent within the minute).',
    }),
  /**
   * While open: the condition still holds (the tag's status is at the event's level or above), with its last value
   * and the event's limit; null otherwise. Done then asks `confirm_still_active`.
   */
  stillActive: z
    .object({
      value: z.number(),
      limit: z.number().nullable(),
      unit: z.string(),
      above: z.boolean(),
      /** A Duval zone event: the zone the gases are still in (`value` the share that places them there, %). */
      zone: z.enum(['D2', 'T3']).optional(),
    })
    .nullable(),
  acknowledgedAt: instant.nullable(),
  acknowledged_user: z.string().nullable(),
  acknowledged_msg: z.string().nullable(),
  acknowledged_by_user: faultEventPerson.nullable(),
  acknowledged_to_user: z.array(faultEventPerson),
  doneAt: instant.nullable(),
  done_by_user: faultEventPerson.nullable(),
  done_to_user: z.array(faultEventPerson),
  done_msg: z.string().nullable(),
  /** What was found when it was closed (null while open, and for events closed before outcomes were recorded). */
  outcome: faultEventOutcome.nullable(),
  /** The failure mode found, with outcome fault_confirmed only. */
  outcomeFailureMode: outcomeFailureMode.nullable(),
});
export type FaultEvent = z.infer<typeof faultEvent>;

export const faultEventDetail = faultEvent.extend({ evidence: faultEventEvidence.nullable() });
export type FaultEventDetail = z.infer<typeof faultEventDetail>;

/**
 * GET /fault-event/{tagId}: open events, and the completed ones (history). Beyond the spec, so a model with
 * thousands of events answers at once: the totals of both lists (of the chosen alarm type), and the open counts by
 * type for the chips; with `page_size`, `new_alarm` and `alarm_history` are the asked pages only.
 */
export const faultEventList = z.object({
  new_alarm: z.array(faultEvent),
  alarm_history: z.array(faultEvent),
  new_total: z.number().int(),
  history_total: z.number().int(),
  /** Open events of the month / year chosen, whatever `alarm_type`: the All / Alarm / Warning chips. */
  open_counts: z.object({ all: z.number().int(), alarm: z.number().int(), warning: z.number().int() }),
});
export type FaultEventList = z.infer<typeof faultEventList>;

/** Entries per page of the panel's tables (spec 03 §2.14, §9); -1 is All. */
export const FAULT_EVENT_PAGE_SIZES = [5, 10, 15, -1] as const;
const pageSize = (field: string) =>
  z.coerce
    .number()
    .int()
    .refine((size) => (FAULT_EVENT_PAGE_SIZES as readonly number[]).includes(size), {
      message: `${field}: one of 5, 10, 15 or -1`,
    });

/** month 1–12 and a year, or 0 and 0 for every event (spec 03 §7.3). */
export const faultEventListQuery = z
  .object({
    month: z.coerce.number().int().min(0).max(12).default(0),
    year: z.coerce.number().int().min(0).max(9999).default(0),
    /** Beyond the spec: only events of this type, 1 Warning or 2 Alarm (0, the default, both). */
    alarm_type: z.coerce.number().int().min(0).max(2).default(0),
    /** Beyond the spec: pages of this many events (5, 10, 15; -1 or none for every event). */
    page_size: pageSize('page_size').optional(),
    /** The history's own page size, when it differs from page_size. */
    history_page_size: pageSize('history_page_size').optional(),
    /** The page of open events (from 0) and of the history, with page_size. */
    new_page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    history_page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((q) => q.month === 0 || q.year > 0, {
    message: 'year: a month needs its year (0 and 0 for every event)',
    path: ['year'],
  });

export const faultEventCountQuery = z.object({ equipment_model_id: uuid });
export const faultEventCount = z.object({
  /** Open (not done) events of the model. */
  count: z.number().int(),
  alarm: z.number().int(),
  warning: z.number().int(),
});

/** The event's data as the client saw it (spec 03 §7.3); the server mails what it stores, not this. */
export const faultEventData = z
  .object({
    overAllStatus: z.union([z.number(), z.string()]).optional(),
    date: z.string().max(20).optional(),
    time: z.string().max(20).optional(),
    sensorId: z.union([z.number(), z.string()]).optional(),
    modelName: z.string().max(500).optional(),
    alarmMessage: z.string().max(2000).optional(),
    cause: z.string().max(5000).optional(),
    recommendation: z.string().max(5000).optional(),
    alarmValue: z.union([z.number(), z.string()]).optional(),
    warningLimit: z.union([z.number(), z.string()]).nullable().optional(),
    alarmLimit: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .partial();

/** Acknowledge, comment update and done (spec 03 §7.3). */
export const faultEventCommentRequest = z.object({
  comment_info: z.object({
    fault_event_id: z.coerce.number().int().positive(),
    email_to: z
      .array(z.email('email_to: enter e-mail addresses').max(320))
      .min(1, 'email_to: * User is required')
      .max(100),
    comment: z
      .string()
      .trim()
      .min(1, 'comment: * Messages is required')
      .max(FAULT_EVENT_COMMENT_MAX, `comment: at most ${FAULT_EVENT_COMMENT_MAX} characters`),
  }),
  data: faultEventData.optional(),
  /** 1: the acknowledge comment, 2: the done comment (PATCH only). */
  comment_type: z.coerce.number().int().min(1).max(2).optional(),
  /** Beyond the spec: what was found; required by done (and may be corrected with the done comment, comment_type 2). */
  outcome: faultEventOutcome.optional(),
  /** The failure mode found: required with outcome fault_confirmed, refused with any other. */
  failure_mode: outcomeFailureMode.optional(),
  /**
   * Done on an event whose condition still holds answers 409 `condition-holds` with the values, unless this is true
   * (issue 26 item 1): then it closes, and the next evaluation opens a new event linked to it.
   */
  confirm_still_active: z.boolean().optional(),
});
export type FaultEventCommentRequest = z.infer<typeof faultEventCommentRequest>;

/** Inputs of spec 03 §7.3 'Acknowledge': the equipment and the user's e-mail, both optional here. */
export const faultEventActionQuery = z.object({
  equipment_id: z.string().max(100).optional(),
  user_email: z.string().max(320).optional(),
});

export const faultEventMembersQuery = z.object({ equipment_model_id: uuid });
export const faultEventMembers = z.object({
  items: z.array(z.object({ id: uuid, name: z.string(), email: z.string(), role: z.string() })),
});

/** The company alarm list (issue 15 item 4). */
export const companyAlarmsQuery = z.object({
  company_id: uuid,
  status: z.enum(['open', 'done', 'all']).default('open'),
  alarm_type: z.coerce.number().int().min(1).max(2).optional(),
  model_type_id: z.coerce.number().int().min(1).max(10).optional(),
  acknowledged: z.enum(['yes', 'no']).optional(),
  /** Only events older than this many hours. */
  min_age_hours: z.coerce.number().min(0).max(100_000).optional(),
  /** Only events younger than this many hours. */
  max_age_hours: z.coerce.number().min(0).max(100_000).optional(),
  sort: z.enum(['newest', 'oldest', 'severity', 'model']).default('newest'),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const companyAlarm = faultEvent.extend({
  modelName: z.string(),
  modelCode: z.string(),
  modelTypeId: z.number().int(),
  equipmentTagName: z.string(),
});
export const companyAlarms = z.object({ items: z.array(companyAlarm), total: z.number().int() });
export type CompanyAlarm = z.infer<typeof companyAlarm>;

/** Most events one bulk acknowledge or done may name. */
export const FAULT_EVENT_BULK_MAX = 100;

/**
 * Acknowledge or done of several events from the alarm list (issue 26 item 5), all or nothing, with one comment.
 * Without `email_to`, each event's mail goes to everyone who sees its model (its owners and assigned members).
 */
export const faultEventBulkRequest = z.object({
  action: z.enum(['acknowledge', 'done']),
  /** As for one event: done on events whose condition still holds needs it (else 409 `condition-holds`). */
  confirm_still_active: z.boolean().optional(),
  fault_event_ids: z
    .array(z.coerce.number().int().positive())
    .min(1, 'fault_event_ids: choose at least one fault event')
    .max(FAULT_EVENT_BULK_MAX, `fault_event_ids: at most ${FAULT_EVENT_BULK_MAX} fault events at once`),
  comment: z
    .string()
    .trim()
    .min(1, 'comment: * Messages is required')
    .max(FAULT_EVENT_COMMENT_MAX, `comment: at most ${FAULT_EVENT_COMMENT_MAX} characters`),
  email_to: z
    .array(z.email('email_to: enter e-mail addresses').max(320))
    .min(1, 'email_to: leave it out to mail everyone who sees the equipment')
    .max(100)
    .optional(),
  /** With action done: what was found, the same for every event (required; see faultEventCommentRequest). */
  outcome: faultEventOutcome.optional(),
  failure_mode: outcomeFailureMode.optional(),
});
export type FaultEventBulkRequest = z.infer<typeof faultEventBulkRequest>;

/** What a bulk call changed: each event with what happened to it (a second acknowledge updates the comment). */
export const faultEventBulkResult = z.object({
  changed: z.array(z.object({ id: z.number().int(), action: z.enum(['acknowledged', 'comment', 'done']) })),
  items: z.array(faultEvent),
});
export type FaultEventBulkResult = z.infer<typeof faultEventBulkResult>;

/** The model's fault-event history log (issue 26 item 7): who acknowledged, commented, closed, when. */
export const faultEventHistoryQuery = z.object({
  equipment_model_id: uuid,
  startDate: instant.optional(),
  endDate: instant.optional(),
});
export const faultEventHistoryEntry = z.object({
  id: z.string(),
  at: instant,
  /** acknowledge, update-comment, done, update-done-comment (and what later work records, e.g. escalate). */
  action: z.string(),
  faultEventId: z.number().int(),
  alarmMessage: z.string(),
  /** The event's diagnosis as the entry recorded it, which says its message in the reader's language; null before. */
  diagnosis: eventDiagnosis.nullable(),
  alarmType: z.number().int(),
  comment: z.string().nullable(),
  recipients: z.array(z.string()),
  outcome: z.string().nullable(),
  user: faultEventPerson.nullable(),
});
export type FaultEventHistoryEntry = z.infer<typeof faultEventHistoryEntry>;
export const faultEventHistory = z.object({ items: z.array(faultEventHistoryEntry) });
export type FaultEventHistory = z.infer<typeof faultEventHistory>;

/** The 'Real time fault event' switch of the signed-in user (spec 01 §1, §7). */
export const realtimeSchedulerState = z.object({ enable: z.boolean(), language: z.enum(['en', 'th']) });
export const realtimeSchedulerQuery = z.object({ language: z.enum(['en', 'th']).optional() });
export type RealtimeSchedulerState = z.infer<typeof realtimeSchedulerState>;

/**
 * Which new events you get by mail at once while 'Real time fault event' is on (issue 26 item 6): the levels, the
 * models (`assigned`: only equipment assigned to you; `all`: all you see), and a quiet period (HH:MM to HH:MM in the
 * company's time zone; both null, or equal, for none) in which no such mail is sent.
 */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'quiet period: a time HH:MM (00:00 to 23:59)');
export const faultEventMailPreferences = z
  .object({
    warning: z.boolean(),
    alarm: z.boolean(),
    models: z.enum(['assigned', 'all']),
    quietFrom: clock.nullable(),
    quietTo: clock.nullable(),
  })
  .refine((value) => (value.quietFrom === null) === (value.quietTo === null), {
    message: 'quiet period: give both its start and its end, or neither',
    path: ['quietTo'],
  });
export type FaultEventMailPreferences = z.infer<typeof faultEventMailPreferences>;

/** How long a company's events may wait for an acknowledgement before they are escalated (issue 26 item 6). */
export const escalationPolicyQuery = z.object({ company_id: uuid });
export const escalationPolicy = z.object({
  alarmMinutes: z
    .number()
    .int()
    .min(5, 'alarmMinutes: at least 5')
    .max(43200, 'alarmMinutes: at most 43200 (30 days)'),
  warningMinutes: z
    .number()
    .int()
    .min(5, 'warningMinutes: at least 5')
    .max(43200, 'warningMinutes: at most 43200 (30 days)'),
});
export type EscalationPolicy = z.infer<typeof escalationPolicy>;
