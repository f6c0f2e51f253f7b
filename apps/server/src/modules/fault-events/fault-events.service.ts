import type {
  CompanyAlarm,
  EscalationPolicy,
  FaultEvent,
  FaultEventBulkRequest,
  FaultEventBulkResult,
  FaultEventCommentRequest,
  FaultEventDetail,
  FaultEventHistory,
  FaultEventMailPreferences,
  FaultEventOutcome,
  OutcomeFailureMode,
} from '@sdp/contracts';
import { diagnosisWords, eventDiagnosis } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { createKeyLookup } from '../../db/key-lookup.ts';
import type { Db } from '../../db/pool.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import { buildEvidence } from './evidence.ts';
import { faultEventMail, type MailKind } from './fault-event-mail.ts';
import type {
  CompanyAlarmRow,
  EventKey,
  FaultEventRow,
  FaultEventsRepository,
  Member,
  Outcome,
  RecipientRow,
} from './fault-events.repository.ts';

interface Deps {
  db: Db;
  repository: FaultEventsRepository;
  master: MasterRepository;
  mail: MailService;
  bus: EventBus;
  /** Who did what: every acknowledge, comment update and done, which the model's history log reads back. */
  audit: Pick<AuditRepository, 'record'>;
  /** Who sees a model: the only ones its mails go to, and the only ones a caller may pick (issue 23 items 10, 16). */
  visibility: Pick<EquipmentVisibility, 'membersSeeingModel'>;
  publicUrl: string;
  log: (message: string, detail?: object) => void;
}

/** The company roles that see every model: the second escalation step mails them (issue 26 item 6). */
const OWNER_ROLES = new Set(['owner', 'owner_rvs']);

const person = (id: string | null, name: string | null, email: string | null) =>
  email === null ? null : { id, name: name ?? '', email };

/** The open events whose condition still holds: their tag's last value and unit (issue 26 item 1). */
type ActiveConditions = Map<number, { value: number; unit: string; zone: string | null }>;

/** The still-active condition of an open event as the API shows it, with the event's limit and which side it is on. */
function stillActiveOf(row: FaultEventRow, active?: ActiveConditions): FaultEvent['stillActive'] {
  const now = active?.get(row.id);
  if (!now || row.done_at) return null;
  const limit = row.alarm_type === 2 ? row.alarm_limit : row.warning_limit;
  const zone = now.zone === 'D2' || now.zone === 'T3' ? { zone: now.zone as 'D2' | 'T3' } : {};
  return { value: now.value, limit, unit: now.unit, above: limit === null || now.value >= limit, ...zone };
}

/**
 * Where an event's reminder stands (docs/fault-events-and-notes.md "Escalation"): sent, not needed (acknowledged
 * first), never to be sent because the event reached the server after its first reminder time (the job's rule in
 * `dueForEscalation`), or ahead.
 */
export function escalationOf(
  row: Pick<
    FaultEventRow,
    'escalation_stage' | 'is_acknowledged' | 'first_reminder_at' | 'escalation_watched_from'
  >,
): FaultEvent['escalation'] {
  const state =
    row.escalation_stage > 0
      ? 'reminded'
      : row.is_acknowledged
        ? 'acknowledged'
        : row.first_reminder_at <= row.escalation_watched_from
          ? 'not_reminded_late'
          : 'pending';
  return { firstReminderAt: row.first_reminder_at.toISOString(), state };
}

/** A number as the warning shows it: three significant digits, whole numbers from 100. */
const shown = (value: number) =>
  Math.abs(value) >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)));

/** 'still above its limit: 22.8 > 20 m/s²; a new event opens …' (issue 26 item 1, the dialog says the same). */
export function stillActiveText(condition: NonNullable<FaultEvent['stillActive']>) {
  if (condition.zone)
    return `still in Duval zone ${condition.zone} (${shown(condition.value)} % of the three gases); a new event opens at the next evaluation unless the gases leave the zone`;
  const unit = condition.unit ? ` ${condition.unit}` : '';
  const limit = condition.limit === null ? '' : ` ${condition.above ? '>' : '<'} ${shown(condition.limit)}`;
  return `still ${condition.above ? 'above' : 'below'} its limit: ${shown(condition.value)}${limit}${unit}; a new event opens at the next evaluation unless the limit or the machine changes`;
}

/** A row and its recipients as the API shows them (spec 03 §3 'Fault event'). */
export function toFaultEvent(
  row: FaultEventRow,
  recipients: RecipientRow[],
  active?: ActiveConditions,
): FaultEvent {
  const mine = recipients.filter((r) => r.fault_event_id === row.id);
  const to = (stage: 'ack' | 'done') =>
    mine.filter((r) => r.stage === stage).map((r) => ({ id: r.user_id, name: r.name, email: r.email }));
  return {
    id: row.id,
    modelId: row.model_id,
    eventDate: row.event_date.toISOString(),
    alarmMessage: row.alarm_message,
    alarmType: row.alarm_type,
    alarmValue: row.alarm_value,
    warningLimit: row.warning_limit,
    alarmLimit: row.alarm_limit,
    trippedBy: row.tripped_by,
    sensorId: row.sensor_id,
    tag: row.tag,
    cause: row.cause,
    recommendation: row.recommendation,
    diagnosis: row.diagnosis,
    isAcknowledged: row.is_acknowledged,
    isDone: row.done_at !== null,
    updatedAt: row.updated_at.toISOString(),
    occurrences: row.occurrences,
    lastValue: row.last_value,
    lastAt: row.last_at?.toISOString() ?? null,
    reopenedFrom: row.reopened_from,
    escalationStage: row.escalation_stage,
    escalatedAt: row.escalated_at?.toISOString() ?? null,
    escalation: escalationOf(row),
    stillActive: stillActiveOf(row, active),
    acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
    acknowledged_user: row.ack_by_name || row.ack_by_email,
    acknowledged_msg: row.acknowledged_msg,
    acknowledged_by_user: person(row.ack_by_id, row.ack_by_name, row.ack_by_email),
    acknowledged_to_user: to('ack'),
    doneAt: row.done_at?.toISOString() ?? null,
    done_by_user: person(row.done_by_id, row.done_by_name, row.done_by_email),
    done_to_user: to('done'),
    done_msg: row.done_msg,
    outcome: row.outcome,
    outcomeFailureMode: row.outcome_failure_mode,
  };
}

/**
 * The outcome of a done call (issue 25 item 5), or null when none was sent: a confirmed fault names its failure
 * mode, no other outcome does. 400 names what is wrong.
 */
export function outcomeOf(outcome?: FaultEventOutcome, failureMode?: OutcomeFailureMode): Outcome | null {
  if (outcome === undefined) {
    if (failureMode !== undefined)
      throw badRequest('failure_mode: give it with outcome fault_confirmed (the fault that was found).');
    return null;
  }
  if (outcome === 'fault_confirmed') {
    if (failureMode === undefined)
      throw badRequest('failure_mode: * Failure mode found is required when the fault is confirmed.');
    return { outcome, failureMode };
  }
  if (failureMode !== undefined)
    throw badRequest(`failure_mode: only a confirmed fault names a failure mode (outcome is ${outcome}).`);
  return { outcome, failureMode: null };
}

/** The outcome a done needs: 400 when it is missing. */
function requiredOutcome(outcome: Outcome | null): Outcome {
  if (!outcome)
    throw badRequest(
      'outcome: * Outcome is required to mark a fault event done: fault_confirmed (with failure_mode), no_fault_found, planned_maintenance or other.',
    );
  return outcome;
}

/**
 * Fault events people own: lists, acknowledge → (comment updates) → done with mail to the chosen members, the
 * evidence stored once when an event opens, and the 'Real time fault event' mail to those who turned it on.
 */
export function createFaultEventsService(deps: Deps) {
  const { db, repository } = deps;
  /** The model of events named by id: the one lookup by id alone of a call (docs/scale.md "Distribution keys"). */
  const modelOf = createKeyLookup((ids: number[]) => repository.modelsOfEvents(ids));

  /** The key of an event named by its id alone, or 404. */
  async function keyOf(id: number): Promise<EventKey> {
    const modelId = await modelOf.one(id);
    if (!modelId) throw notFound('Fault event not found.');
    return { model_id: modelId, id };
  }

  async function withRecipients(rows: FaultEventRow[]) {
    const [recipients, active] = await Promise.all([
      repository.recipients(rows),
      repository.stillActive(rows.filter((row) => !row.done_at)),
    ]);
    return rows.map((row) => toFaultEvent(row, recipients, active));
  }

  /**
   * Done on events whose condition still holds (issue 26 item 1) is refused with the values unless the caller
   * confirmed it: 409 `condition-holds`, naming each event, its value and limit.
   */
  async function confirmStillActive(events: EventKey[], confirmed: boolean | undefined, trx: Db) {
    if (confirmed) return;
    const active = await repository.stillActive(events, trx);
    if (!active.size) return;
    const holding = events.filter((event) => active.has(event.id));
    const rows = (await Promise.all(holding.map((event) => repository.find(event, trx)))).filter(
      (row): row is FaultEventRow => row !== undefined,
    );
    const parts = rows.map((row) => {
      const condition = stillActiveOf(row, active);
      return condition ? `Fault event ${row.id} is ${stillActiveText(condition)}.` : '';
    });
    throw conflict(
      `${parts.join(' ')} Send confirm_still_active: true to mark ${rows.length === 1 ? 'it' : 'them'} done anyway.`,
      'condition-holds',
    );
  }

  /**
   * The model's open events and history of the period (spec 03 §7.3), of one alarm type (0 both), with their
   * totals and the open counts by type; with a page size (not -1), only the asked page of each.
   */
  async function list(
    modelId: string,
    query: {
      month: number;
      year: number;
      alarm_type?: number;
      page_size?: number | undefined;
      history_page_size?: number | undefined;
      new_page?: number;
      history_page?: number;
    },
  ) {
    const model = await repository.modelContext(modelId);
    if (!model) throw notFound();
    const period = { month: query.month, year: query.year, timeZone: model.time_zone };
    const alarmType = query.alarm_type ?? 0;
    const limit = (asked: number | undefined) => (asked === undefined || asked === -1 ? null : asked);
    const size = limit(query.page_size);
    const historySize = query.history_page_size === undefined ? size : limit(query.history_page_size);
    const [totals, open, done] = await Promise.all([
      repository.totals(modelId, period, alarmType),
      repository.page(modelId, period, {
        done: false,
        alarmType,
        limit: size,
        offset: size === null ? 0 : size * (query.new_page ?? 0),
      }),
      repository.page(modelId, period, {
        done: true,
        alarmType,
        limit: historySize,
        offset: historySize === null ? 0 : historySize * (query.history_page ?? 0),
      }),
    ]);
    const events = await withRecipients([...open, ...done]);
    return {
      new_alarm: events.slice(0, open.length),
      alarm_history: events.slice(open.length),
      ...totals,
    };
  }

  /** Stores the evidence of an event once and, by the instance that stored it, mails those who asked for it. */
  async function captureEvidence(key: EventKey): Promise<void> {
    const evidence = await buildEvidence(repository, await deps.master.get(), key);
    if (!evidence) return;
    await db.transaction().execute(async (trx) => {
      const words = evidence.diagnosis ? diagnosisWords(evidence.diagnosis, 'en') : undefined;
      if (!(await repository.storeEvidence(key, evidence, trx, words))) return;
      const event = await repository.find(key, trx);
      const model = event && (await repository.modelContext(event.model_id, trx));
      if (!event || !model) return;
      const seeing = await deps.visibility.membersSeeingModel(model.id);
      const subscribers = (await repository.realtimeSubscribers(model.company_id, trx)).filter((subscriber) =>
        seeing.has(subscriber.id),
      );
      // Each one's preferences (issue 26 item 6): the event's level, which models, outside their quiet period.
      const wanting = await repository.wantingNow(
        subscribers.map((subscriber) => subscriber.id),
        model.equipment_tag_id,
        event.alarm_type,
        model.time_zone,
        trx,
      );
      for (const member of subscribers.filter((subscriber) => wanting.has(subscriber.id))) {
        const message = faultEventMail({
          kind: 'new',
          language: member.language,
          event,
          modelName: model.title,
          timeZone: model.time_zone,
          actor: '',
          comment: '',
          evidence,
          link: `${deps.publicUrl}/model/${model.id}?event=${event.id}`,
        });
        await deps.mail.enqueue(
          {
            recipient: member.email,
            subject: message.subject,
            text: message.text,
            companyId: model.company_id,
          },
          trx,
        );
      }
    });
  }

  /** Catches up on events opened without evidence (this instance was down, or several opened at once). */
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  function catchUp(modelId: string | null) {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (const key of await repository.withoutEvidence(modelId, 50)) {
          if (stopped) return;
          await captureEvidence(key).catch((error) =>
            deps.log('fault event evidence not stored', { id: key.id, error: (error as Error).message }),
          );
        }
      } while (again && !stopped);
    })()
      // Background work: a lost database connection is logged, never an unhandled rejection.
      .catch((error) => deps.log('fault event evidence catch-up failed', { error: (error as Error).message }))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const stopHearing = deps.bus.subscribe((event) => {
    if (event.type === 'fault-event' && event.action === 'opened') void catchUp(null);
  });

  /** The chosen recipients: members of the company who see the model, or 400 naming who is not. */
  async function recipientsOf(companyId: string, modelId: string, emails: string[]): Promise<Member[]> {
    const unique = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    const members = await repository.members(companyId, unique);
    const known = new Set(members.map((m) => m.email.toLowerCase()));
    const outside = unique.filter((email) => !known.has(email));
    if (outside.length)
      throw badRequest(
        `email_to: ${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not a member of this company.`,
      );
    const seeing = await deps.visibility.membersSeeingModel(modelId);
    const unseen = members.filter((member) => !seeing.has(member.id)).map((member) => member.email);
    if (unseen.length)
      throw badRequest(
        `email_to: ${unseen.join(', ')} ${unseen.length === 1 ? 'does' : 'do'} not see this equipment, so cannot be mailed about it.`,
      );
    return members;
  }

  type ModelContext = NonNullable<Awaited<ReturnType<FaultEventsRepository['modelContext']>>>;
  type Lock = NonNullable<Awaited<ReturnType<FaultEventsRepository['lock']>>>;
  type Change = 'acknowledged' | 'comment' | 'done';

  /** Why a change is refused (409), or null: the same rules for one event and for a bulk call. */
  function refusal(kind: 'ack' | 'update' | 'done', commentType: number, state: Lock) {
    if (kind === 'done') {
      if (state.done_at) return conflict('This fault event is already done.', 'already-done');
      if (!state.is_acknowledged)
        return conflict('Acknowledge the fault event before marking it done.', 'not-acknowledged');
    } else if (commentType === 2) {
      if (!state.done_at)
        return conflict('This fault event is not done yet: there is no done comment to update.');
    } else {
      if (state.done_at) return conflict('This fault event is already done.', 'already-done');
      if (kind === 'update' && !state.is_acknowledged)
        return conflict('Acknowledge the fault event before updating its comment.', 'not-acknowledged');
    }
    return null;
  }

  /**
   * One allowed change inside the caller's transaction: the event, its recipients, their mails, the audit log
   * (which is also the model's history log) and the live event. Answers what happened.
   */
  async function change(
    trx: Db,
    kind: 'ack' | 'update' | 'done',
    commentType: number,
    state: Lock,
    auth: AuthContext,
    model: ModelContext,
    members: Member[],
    comment: string,
    bulk?: number,
    outcome: Outcome | null = null,
  ): Promise<Change> {
    const id = state.id;
    const key: EventKey = { model_id: model.id, id };
    let mailKind: MailKind = kind;
    let auditAction: string;
    if (kind === 'done') {
      await repository.done(key, auth.userId, comment, requiredOutcome(outcome), trx);
      await repository.setRecipients(key, 'done', members, trx);
      auditAction = 'done';
    } else if (commentType === 2) {
      await repository.updateDoneComment(key, auth.userId, comment, outcome, trx);
      await repository.setRecipients(key, 'done', members, trx);
      auditAction = 'update-done-comment';
    } else {
      if (kind === 'ack' && state.is_acknowledged) mailKind = 'update';
      await repository.acknowledge(key, auth.userId, comment, trx);
      await repository.setRecipients(key, 'ack', members, trx);
      auditAction = mailKind === 'ack' ? 'acknowledge' : 'update-comment';
    }
    const after = await repository.find(key, trx);
    if (!after) throw notFound('Fault event not found.');
    const evidence = await repository.evidence(key);
    const actor = after[kind === 'done' || commentType === 2 ? 'done_by_name' : 'ack_by_name'] || auth.email;
    for (const member of members) {
      const message = faultEventMail({
        kind: mailKind,
        language: member.language,
        event: after,
        modelName: model.title,
        timeZone: model.time_zone,
        actor,
        comment,
        evidence,
        link: `${deps.publicUrl}/model/${model.id}?event=${id}`,
      });
      await deps.mail.enqueue(
        {
          recipient: member.email,
          subject: message.subject,
          text: message.text,
          companyId: model.company_id,
        },
        trx,
      );
    }
    await deps.audit.record(
      {
        userId: auth.userId,
        companyId: model.company_id,
        action: auditAction,
        entity: 'fault-event',
        entityId: String(id),
        detail: {
          modelId: model.id,
          modelName: model.title,
          modelCode: model.code,
          alarmMessage: after.alarm_message,
          // The event's diagnosis says its message in the reader's language (a Duval zone event's is built from it).
          diagnosis: after.diagnosis,
          alarmType: after.alarm_type,
          comment,
          recipients: members.map((member) => member.email),
          ...(bulk ? { bulk } : {}),
          ...(outcome ? { outcome: outcome.outcome, failureMode: outcome.failureMode } : {}),
        },
      },
      trx,
    );
    const action: Change = kind === 'done' ? 'done' : mailKind === 'ack' ? 'acknowledged' : 'comment';
    await repository.publish(
      { type: 'fault-event', action, companyId: model.company_id, modelId: model.id, faultEventId: id },
      trx,
    );
    return action;
  }

  /** Acknowledge, comment update or done: one transaction for the change, the recipients, the mail and the live event. */
  async function act(kind: 'ack' | 'update' | 'done', auth: AuthContext, body: FaultEventCommentRequest) {
    const key = await keyOf(body.comment_info.fault_event_id);
    const before = await repository.find(key);
    if (!before) throw notFound('Fault event not found.');
    const model = await repository.modelContext(before.model_id);
    if (!model) throw notFound('Fault event not found.');
    const members = await recipientsOf(model.company_id, model.id, body.comment_info.email_to);
    const comment = body.comment_info.comment;
    const commentType = kind === 'update' ? (body.comment_type ?? 1) : kind === 'ack' ? 1 : 2;
    const outcome = outcomeOf(body.outcome, body.failure_mode);
    if (commentType === 1 && outcome)
      throw badRequest('outcome: only marking done (or updating the done comment) records an outcome.');
    await db.transaction().execute(async (trx) => {
      const state = await repository.lock(key, trx);
      if (!state) throw notFound('Fault event not found.');
      const refused = refusal(kind, commentType, state);
      if (refused) throw refused;
      if (kind === 'done') await confirmStillActive([key], body.confirm_still_active, trx);
      await change(trx, kind, commentType, state, auth, model, members, comment, undefined, outcome);
    });
    return detailOf(key);
  }

  /**
   * Acknowledge or done of several events with one comment (issue 26 item 5): the single-event rules for each, all
   * or nothing in one transaction. Recipients are the chosen ones (each must see every event's model) or, without
   * a choice, everyone who sees the event's model. The caller's right to see each event is the route's to check.
   */
  async function bulk(auth: AuthContext, body: FaultEventBulkRequest): Promise<FaultEventBulkResult> {
    const ids = [...new Set(body.fault_event_ids)].sort((a, b) => a - b);
    const modelOfEvent = await modelOf.many(ids);
    const missing = ids.filter((id) => !modelOfEvent.has(id));
    if (missing.length) throw notFound(`Fault event not found: ${missing.join(', ')}.`);
    const keys = ids.map((id) => ({ model_id: modelOfEvent.get(id) as string, id }));
    const models = new Map<string, { model: ModelContext; members: Member[] }>();
    for (const modelId of new Set(modelOfEvent.values())) {
      const model = await repository.modelContext(modelId);
      if (!model) throw notFound('Fault event not found.');
      const members = body.email_to
        ? await recipientsOf(model.company_id, model.id, body.email_to)
        : await everyoneSeeing(model);
      models.set(modelId, { model, members });
    }
    const kind = body.action === 'done' ? 'done' : 'ack';
    const commentType = kind === 'done' ? 2 : 1;
    const outcome = outcomeOf(body.outcome, body.failure_mode);
    if (kind !== 'done' && outcome) throw badRequest('outcome: only action done records an outcome.');
    const changed = await db.transaction().execute(async (trx) => {
      const states = await repository.lockMany(keys, trx);
      if (states.length !== ids.length) throw notFound('Fault event not found.');
      const refused = states
        .map((state) => ({ id: state.id, error: refusal(kind, commentType, state) }))
        .filter((entry) => entry.error !== null);
      if (refused.length) {
        const first = refused[0]?.error as NonNullable<ReturnType<typeof refusal>>;
        throw conflict(
          `${first.message} Nothing was changed. Fault event${refused.length === 1 ? '' : 's'}: ${refused.map((entry) => entry.id).join(', ')}.`,
          first.code,
        );
      }
      if (kind === 'done') await confirmStillActive(keys, body.confirm_still_active, trx);
      const done: { id: number; action: Change }[] = [];
      for (const state of states) {
        const target = models.get(state.model_id);
        if (!target) throw notFound('Fault event not found.');
        const action = await change(
          trx,
          kind,
          commentType,
          state,
          auth,
          target.model,
          target.members,
          body.comment,
          ids.length,
          outcome,
        );
        done.push({ id: state.id, action });
      }
      return done;
    });
    const rows = await Promise.all(keys.map((key) => repository.find(key)));
    return {
      changed,
      items: await withRecipients(rows.filter((row): row is FaultEventRow => row !== undefined)),
    };
  }

  /** The default recipients of a bulk call: the active members who see the model (owners and assigned members). */
  async function everyoneSeeing(model: ModelContext): Promise<Member[]> {
    const [members, seeing] = await Promise.all([
      repository.members(model.company_id),
      deps.visibility.membersSeeingModel(model.id),
    ]);
    return members.filter((member) => seeing.has(member.id));
  }

  /**
   * Escalation (issue 26 item 6): an open event nobody acknowledged within its company's time (alarm 4 h, warning
   * 24 h by default) reminds the assignees (stage 1; the owners at once when nobody is assigned), and after twice the
   * time the owners (stage 2). Each step once (a guarded update), with its mails, the audit log (the model's history
   * log) and a live event in one transaction. Runs every minute with the maintenance job; answers the steps taken.
   */
  async function escalate(): Promise<number> {
    let steps = 0;
    for (const due of await repository.dueForEscalation(100)) {
      if (stopped) break;
      const event = await repository.find(due);
      const model = event && (await repository.modelContext(event.model_id));
      if (!event || !model) continue;
      const [members, seeing, policy] = await Promise.all([
        repository.members(model.company_id),
        deps.visibility.membersSeeingModel(model.id),
        repository.escalationPolicy(model.company_id),
      ]);
      const concerned = members.filter((member) => seeing.has(member.id));
      const owners = concerned.filter((member) => OWNER_ROLES.has(member.role));
      const assignees = concerned.filter((member) => !OWNER_ROLES.has(member.role));
      const stage = due.stage === 1 && assignees.length === 0 ? 2 : due.stage;
      const recipients =
        stage === 1 ? assignees : [...(event.escalation_stage === 0 ? assignees : []), ...owners];
      const minutes = (event.alarm_type === 2 ? policy?.alarm_minutes : policy?.warning_minutes) ?? 240;
      const hours = String(Number(((minutes * stage) / 60).toFixed(1)));
      const taken = await db.transaction().execute(async (trx) => {
        if (!(await repository.escalate(event, stage, trx))) return false;
        const evidence = await repository.evidence(event);
        for (const member of recipients) {
          const message = faultEventMail({
            kind: 'reminder',
            language: member.language,
            event,
            modelName: model.title,
            timeZone: model.time_zone,
            actor: '',
            comment: hours,
            evidence,
            link: `${deps.publicUrl}/model/${model.id}?event=${event.id}`,
          });
          await deps.mail.enqueue(
            {
              recipient: member.email,
              subject: message.subject,
              text: message.text,
              companyId: model.company_id,
            },
            trx,
          );
        }
        await deps.audit.record(
          {
            userId: null,
            companyId: model.company_id,
            action: 'escalate',
            entity: 'fault-event',
            entityId: String(event.id),
            detail: {
              modelId: model.id,
              modelName: model.title,
              modelCode: model.code,
              alarmMessage: event.alarm_message,
              diagnosis: event.diagnosis,
              alarmType: event.alarm_type,
              stage,
              waitedHours: Number(hours),
              comment: null,
              recipients: recipients.map((member) => member.email),
            },
          },
          trx,
        );
        await repository.publish(
          {
            type: 'fault-event',
            action: 'escalated',
            companyId: model.company_id,
            modelId: model.id,
            faultEventId: event.id,
          },
          trx,
        );
        return true;
      });
      if (taken) steps++;
    }
    return steps;
  }

  async function preferencesOf(userId: string): Promise<FaultEventMailPreferences> {
    const row = await repository.mailPreferences(userId);
    return {
      warning: row.mail_warning,
      alarm: row.mail_alarm,
      models: row.mail_models,
      quietFrom: row.quiet_from,
      quietTo: row.quiet_to,
    };
  }

  async function policyOf(companyId: string): Promise<EscalationPolicy> {
    const row = await repository.escalationPolicy(companyId);
    if (!row) throw notFound('Company not found.');
    return { alarmMinutes: row.alarm_minutes, warningMinutes: row.warning_minutes };
  }

  /** The model's history log: the audit log's records of its fault events in the period, in words for the page. */
  async function history(modelId: string, from?: string, to?: string): Promise<FaultEventHistory> {
    const model = await repository.modelContext(modelId);
    if (!model) throw notFound();
    const rows = await repository.history(
      model.company_id,
      model.id,
      from ? new Date(from) : null,
      to ? new Date(to) : null,
    );
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      items: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        action: row.action,
        faultEventId: Number(row.entity_id),
        alarmMessage: text(row.detail.alarmMessage) ?? '',
        diagnosis: eventDiagnosis.safeParse(row.detail.diagnosis).data ?? null,
        alarmType: Number(row.detail.alarmType) || 0,
        comment: text(row.detail.comment),
        recipients: Array.isArray(row.detail.recipients) ? row.detail.recipients.map(String) : [],
        outcome: text(row.detail.outcome),
        user: row.user_email ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email } : null,
      })),
    };
  }

  async function detailOf(key: EventKey): Promise<FaultEventDetail> {
    const row = await repository.find(key);
    if (!row) throw notFound('Fault event not found.');
    let evidence = await repository.evidence(key);
    if (!evidence) {
      await captureEvidence(key).catch((error) =>
        deps.log('fault event evidence not stored', { id: key.id, error: (error as Error).message }),
      );
      evidence = await repository.evidence(key);
    }
    const [event] = await withRecipients([row]);
    return { ...(event as FaultEvent), evidence };
  }

  function toCompanyAlarm(
    row: CompanyAlarmRow,
    recipients: RecipientRow[],
    active?: ActiveConditions,
  ): CompanyAlarm {
    return {
      ...toFaultEvent(row, recipients, active),
      modelName: row.model_title,
      modelCode: row.model_code,
      modelTypeId: row.model_type_id,
      equipmentTagName: row.tag_name,
    };
  }

  return {
    list,
    count: (modelId: string) => repository.count(modelId),
    detail: async (id: number) => detailOf(await keyOf(id)),
    captureEvidence,
    catchUp,
    acknowledge: (auth: AuthContext, body: FaultEventCommentRequest) => act('ack', auth, body),
    updateComment: (auth: AuthContext, body: FaultEventCommentRequest) => act('update', auth, body),
    done: (auth: AuthContext, body: FaultEventCommentRequest) => act('done', auth, body),
    bulk,
    history,
    modelOfEvent: modelOf.one,
    modelsOfEvents: modelOf.many,
    /** Whom the caller may pick as recipients: the members who see the model (issue 23 item 16). */
    async members(modelId: string) {
      const model = await repository.modelContext(modelId);
      if (!model) throw notFound();
      const [members, seeing] = await Promise.all([
        repository.members(model.company_id),
        deps.visibility.membersSeeingModel(model.id),
      ]);
      return {
        items: members
          .filter((member) => seeing.has(member.id))
          .map(({ id, name, email, role }) => ({ id, name, email, role })),
      };
    },
    async companyAlarms(filter: Parameters<FaultEventsRepository['companyAlarms']>[0]) {
      const { rows, total } = await repository.companyAlarms(filter);
      const [recipients, active] = await Promise.all([
        repository.recipients(rows),
        repository.stillActive(rows.filter((row) => !row.done_at)),
      ]);
      return { items: rows.map((row) => toCompanyAlarm(row, recipients, active)), total };
    },
    async exportRows(modelId: string) {
      const model = await repository.modelContext(modelId);
      if (!model) throw notFound();
      const events = await withRecipients(await repository.list(modelId, 0, 0, model.time_zone));
      return { model, events };
    },
    escalate,
    /** Your mail preferences for new events (issue 26 item 6). */
    mailPreferences: preferencesOf,
    async setMailPreferences(userId: string, body: FaultEventMailPreferences) {
      await repository.setMailPreferences(userId, {
        mail_warning: body.warning,
        mail_alarm: body.alarm,
        mail_models: body.models,
        quiet_from: body.quietFrom,
        quiet_to: body.quietTo,
      });
      return preferencesOf(userId);
    },
    escalationPolicy: policyOf,
    async setEscalationPolicy(companyId: string, body: EscalationPolicy): Promise<EscalationPolicy> {
      await repository.setEscalationPolicy(companyId, body.alarmMinutes, body.warningMinutes);
      return policyOf(companyId);
    },
    async scheduler(userId: string) {
      const settings = await repository.settings(userId);
      return { enable: settings.realtime_fault_event, language: settings.language };
    },
    async setScheduler(userId: string, enable: boolean, language?: 'en' | 'th') {
      await repository.setRealtime(userId, enable, language);
      const settings = await repository.settings(userId);
      return { enable: settings.realtime_fault_event, language: settings.language };
    },
    /** Stops hearing new events and waits for a catch-up under way, so nothing queries a closed pool. */
    async stop() {
      stopped = true;
      stopHearing();
      await running;
    },
  };
}

export type FaultEventsService = ReturnType<typeof createFaultEventsService>;
