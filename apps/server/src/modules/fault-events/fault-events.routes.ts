import {
  companyAlarms,
  companyAlarmsQuery,
  errorResponse,
  escalationPolicy,
  escalationPolicyQuery,
  faultEventActionQuery,
  faultEventBulkRequest,
  faultEventBulkResult,
  faultEventCommentRequest,
  faultEventCount,
  faultEventCountQuery,
  faultEventDetail,
  faultEventHistory,
  faultEventHistoryQuery,
  faultEventList,
  faultEventListQuery,
  faultEventMailPreferences,
  faultEventMembers,
  faultEventMembersQuery,
  realtimeSchedulerQuery,
  realtimeSchedulerState,
  uuid,
} from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import type { SessionUser } from '../../auth/sessions.repository.ts';
import type { AlarmPrecisionService } from './alarm-precision.service.ts';
import type { FaultEventsService } from './fault-events.service.ts';
import { faultEventsWorkbook } from './fault-events-export.ts';

interface Options {
  service: FaultEventsService;
  visibility: EquipmentVisibility;
  /** The model's alarm precision, for the workbook's summary sheet (issue 25 item 5). */
  precision?: AlarmPrecisionService;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const changeErrors = { ...errors, 409: errorResponse };
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const eventIdOf = (request: FastifyRequest) => {
  const id = Number(
    (request.body as { comment_info?: { fault_event_id?: unknown } } | undefined)?.comment_info
      ?.fault_event_id,
  );
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * Fault events (spec 03 §7.3; issue 15). `{tagId}` of the spec's list call is the model id (its inputs are
 * 'model id, month, year'). Acknowledge, comment update and done need ManageFaultEvents (every company role but
 * MEMBER); another company's or an unseen event answers 404.
 */
export const faultEventsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, visibility, precision },
) => {
  const ofModel = (
    read: (request: FastifyRequest) => string | undefined,
    permission: 'ViewCompany' | 'ManageFaultEvents' = 'ViewCompany',
  ) => access.equipment(permission, (request, session) => visibility.ofModel(read(request), session.userId));
  const ofEvent = access.equipment('ManageFaultEvents', async (request, session: SessionUser) => {
    const id = eventIdOf(request);
    return id === undefined ? undefined : visibility.ofModel(await service.modelOfEvent(id), session.userId);
  });
  const byQueryModel = ofModel(
    (request) => (request.query as { equipment_model_id?: string }).equipment_model_id,
  );

  app.get(
    '/fault-event/:tagId',
    {
      config: { access: ofModel((request) => (request.params as { tagId?: string }).tagId) },
      schema: {
        tags: ['fault-events'],
        summary:
          'New fault events and history of a model ({tagId} is the model id); month and year 0 for all. Beyond the spec: alarm_type filters, page_size (5, 10, 15, -1) with new_page and history_page pages both lists; totals and open counts always',
        params: z.object({ tagId: uuid }),
        querystring: faultEventListQuery,
        response: { 200: faultEventList, ...errors },
      },
    },
    async (request) => service.list(request.params.tagId, request.query),
  );

  for (const url of ['/fault-eventfault-event-count', '/fault-event/count']) {
    app.get(
      url,
      {
        config: { access: byQueryModel },
        schema: {
          tags: ['fault-events'],
          summary:
            url === '/fault-event/count'
              ? 'Open fault events of a model: all, alarm, warning'
              : 'Open fault events of a model (the spec path; /fault-event/count is the well-formed alias)',
          querystring: faultEventCountQuery,
          response: { 200: faultEventCount, ...errors },
        },
      },
      async (request) => service.count(request.query.equipment_model_id),
    );
  }

  app.get(
    '/fault-event/details/:id',
    {
      config: {
        access: access.equipment('ViewCompany', async (request, session) => {
          const id = Number((request.params as { id?: string }).id);
          if (!Number.isSafeInteger(id) || id <= 0) return undefined;
          return visibility.ofModel(await service.modelOfEvent(id), session.userId);
        }),
      },
      schema: {
        tags: ['fault-events'],
        summary: 'One fault event with who acknowledged / closed it and its stored evidence',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: faultEventDetail, ...errors },
      },
    },
    async (request) => service.detail(request.params.id),
  );

  app.get(
    '/fault-event/members',
    {
      // Only those who acknowledge and close events pick recipients: a MEMBER gets no list of names and e-mails.
      config: {
        access: ofModel(
          (request) => (request.query as { equipment_model_id?: string }).equipment_model_id,
          'ManageFaultEvents',
        ),
      },
      schema: {
        tags: ['fault-events'],
        summary:
          'The people the caller may pick for the acknowledge and done mails: members of the model’s company who see the model (ManageFaultEvents; MEMBER answers 403)',
        querystring: faultEventMembersQuery,
        response: { 200: faultEventMembers, ...errors },
      },
    },
    async (request) => service.members(request.query.equipment_model_id),
  );

  const actions = [
    [
      'POST',
      '/fault-event/acknowledge',
      'Acknowledge a fault event (again: updates its comment) and mail the recipients',
      'acknowledge',
    ],
    [
      'PATCH',
      '/fault-event/comment',
      'Update the acknowledge (comment_type 1) or done (2) comment and mail the recipients',
      'updateComment',
    ],
    ['POST', '/fault-event/done', 'Mark an acknowledged fault event done and mail the recipients', 'done'],
  ] as const;
  for (const [method, url, summary, action] of actions) {
    app.route({
      method,
      url,
      config: { access: ofEvent },
      schema: {
        tags: ['fault-events'],
        summary,
        querystring: faultEventActionQuery,
        body: faultEventCommentRequest,
        response: { 200: faultEventDetail, ...changeErrors },
      },
      handler: async (request) => service[action](requireAuth(request), request.body),
    });
  }

  // Each named event's model is resolved and their sight combined: the caller must see every one of them (all in
  // one company), or the whole request answers 404 as an unknown id would.
  const ofEvents = access.equipment('ManageFaultEvents', async (request, session: SessionUser) => {
    const ids = (request.body as { fault_event_ids?: unknown } | undefined)?.fault_event_ids;
    if (!Array.isArray(ids) || ids.length === 0) return undefined;
    const wanted = [...new Set(ids.map(Number))];
    const models = await service.modelsOfEvents(wanted);
    if (models.size !== wanted.length) return undefined;
    const refs = await Promise.all(
      [...new Set(models.values())].map((modelId) => visibility.ofModel(modelId, session.userId)),
    );
    const [first] = refs;
    if (!first || refs.some((ref) => !ref || ref.companyId !== first.companyId)) return undefined;
    const seen = refs as NonNullable<(typeof refs)[number]>[];
    return {
      companyId: first.companyId,
      equipmentTagId: first.equipmentTagId,
      assigned: seen.every((ref) => ref.assigned),
      inactiveModel: seen.some((ref) => ref.inactiveModel),
    };
  });

  app.post(
    '/fault-event/bulk',
    {
      config: { access: ofEvents },
      schema: {
        tags: ['fault-events'],
        summary:
          'Acknowledge or done of several fault events with one comment (the alarm list): the single-event rules for each, all or nothing; without email_to the mails go to everyone who sees each model. An event the caller does not see answers 404 for the whole request',
        body: faultEventBulkRequest,
        response: { 200: faultEventBulkResult, ...changeErrors },
      },
    },
    async (request) => service.bulk(requireAuth(request), request.body),
  );

  app.get(
    '/fault-event/history',
    {
      config: {
        access: ofModel((request) => (request.query as { equipment_model_id?: string }).equipment_model_id),
      },
      schema: {
        tags: ['fault-events'],
        summary:
          "The model's history log: who acknowledged, updated a comment or marked done which of its fault events, and when (newest first, startDate to endDate)",
        querystring: faultEventHistoryQuery,
        response: { 200: faultEventHistory, ...errors },
      },
    },
    async (request) =>
      service.history(request.query.equipment_model_id, request.query.startDate, request.query.endDate),
  );

  app.get(
    '/fault-event/export',
    {
      config: { access: ofModel((request) => (request.query as { model_id?: string }).model_id) },
      schema: {
        tags: ['fault-events'],
        summary: 'Every fault event of a model as an Excel workbook (new and history sheets)',
        querystring: z.object({ model_id: uuid }),
      },
    },
    async (request, reply) => {
      const { model, events } = await service.exportRows(request.query.model_id);
      const figures = await precision?.figures({
        companyId: model.company_id,
        modelId: model.id,
        visibleTags: null,
        from: null,
        to: null,
      });
      const file = await faultEventsWorkbook(events, model.time_zone, figures);
      return reply
        .type(xlsx)
        .header('content-disposition', `attachment; filename="FAULT_EVENT_${model.code}.xlsx"`)
        .send(file);
    },
  );

  app.get(
    '/fault-events',
    {
      config: {
        access: access.company(
          'ViewCompany',
          (request) => (request.query as { company_id?: string }).company_id,
        ),
      },
      schema: {
        tags: ['fault-events'],
        summary: 'The company alarm list: events across its models you see, filtered and sorted',
        querystring: companyAlarmsQuery,
        response: { 200: companyAlarms, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query;
      return service.companyAlarms({
        companyId: q.company_id,
        status: q.status,
        alarmType: q.alarm_type,
        modelTypeId: q.model_type_id,
        acknowledged: q.acknowledged === undefined ? undefined : q.acknowledged === 'yes',
        minAgeHours: q.min_age_hours,
        maxAgeHours: q.max_age_hours,
        visibleTags: await visibility.visibleTags(auth.userId, q.company_id, auth.permissions),
        sort: q.sort,
        limit: q.limit,
      });
    },
  );

  const scheduler = { tags: ['fault-events'], response: { 200: realtimeSchedulerState, 401: errorResponse } };
  app.get(
    '/fault-event/scheduler/status',
    {
      config: { access: access.signedIn() },
      schema: { ...scheduler, summary: "Whether your 'Real time fault event' switch is on" },
    },
    async (request) => service.scheduler(requireAuth(request).userId),
  );
  // A POST under the CSRF rule (issue 23 item 12): spec 03 §7.3 has a GET, which a link on any page could follow to
  // turn mails on. The GET is gone (it answers 404 like any unknown call).
  app.post(
    '/fault-event/scheduler/enable',
    {
      config: { access: access.signedIn() },
      schema: {
        ...scheduler,
        response: { ...scheduler.response, 403: errorResponse },
        summary:
          "Turns your 'Real time fault event' on: a mail per new event of your equipment, in `language` (POST; the spec's GET is not served)",
        querystring: realtimeSchedulerQuery,
      },
    },
    async (request) => service.setScheduler(requireAuth(request).userId, true, request.query.language),
  );
  app.delete(
    '/fault-event/scheduler/disable',
    {
      config: { access: access.signedIn() },
      schema: { ...scheduler, summary: "Turns your 'Real time fault event' off" },
    },
    async (request) => service.setScheduler(requireAuth(request).userId, false),
  );

  // Issue 26 item 6: which new events you get by mail at once, and when a company escalates unacknowledged events.
  const preferences = {
    tags: ['fault-events'],
    response: { 200: faultEventMailPreferences, 400: errorResponse, 401: errorResponse },
  };
  app.get(
    '/fault-event/scheduler/preferences',
    {
      config: { access: access.signedIn() },
      schema: {
        ...preferences,
        summary: 'Your mail preferences for new fault events: levels, models, quiet period',
      },
    },
    async (request) => service.mailPreferences(requireAuth(request).userId),
  );
  app.put(
    '/fault-event/scheduler/preferences',
    {
      config: { access: access.signedIn() },
      schema: {
        ...preferences,
        summary:
          "Sets which new fault events you get by mail at once while 'Real time fault event' is on: levels, models (assigned / all you see), a quiet period",
        body: faultEventMailPreferences,
      },
    },
    async (request) => service.setMailPreferences(requireAuth(request).userId, request.body),
  );
  const companyOf = (request: FastifyRequest) => (request.query as { company_id?: string }).company_id;
  app.get(
    '/fault-event/escalation-policy',
    {
      config: { access: access.company('ViewCompany', companyOf) },
      schema: {
        tags: ['fault-events'],
        summary:
          "How long the company's fault events may wait for an acknowledgement before they are escalated",
        querystring: escalationPolicyQuery,
        response: { 200: escalationPolicy, ...errors },
      },
    },
    async (request) => service.escalationPolicy(request.query.company_id),
  );
  // Company settings (ADMIN and OWNER, as the ingest keys): who may change when the owners are reminded.
  app.put(
    '/fault-event/escalation-policy',
    {
      config: { access: access.company('ManageIngestKeys', companyOf) },
      schema: {
        tags: ['fault-events'],
        summary:
          'Sets the escalation times: minutes an alarm (default 240) or a warning (default 1440) may wait for an acknowledgement',
        querystring: escalationPolicyQuery,
        body: escalationPolicy,
        response: { 200: escalationPolicy, ...errors },
      },
    },
    async (request) => service.setEscalationPolicy(request.query.company_id, request.body),
  );
};
