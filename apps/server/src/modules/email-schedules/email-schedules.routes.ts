import { emailScheduleList, emailSchedulePayload } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { badRequest } from '../../lib/http-error.ts';
import { errorResponses, idParams, paramId } from '../../lib/route-schemas.ts';
import type { EmailSchedulesRepository } from './email-schedules.repository.ts';
import type { EmailSchedulesService } from './email-schedules.service.ts';

interface Options {
  service: EmailSchedulesService;
  repository: EmailSchedulesRepository;
  visibility: EquipmentVisibility;
}

/**
 * Equipment e-mail notification (spec 01 §2, §4, §7 'E-mail scheduler'): the dialog of the equipment tag's menu,
 * for those who assign members to the tag (ADMIN, OWNER, OWNER_RVS).
 */
export const emailSchedulesRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, repository, visibility },
) => {
  const PERMISSION = 'AssignMemberToEquipmentTag';
  const byBodyTag = access.equipment(PERMISSION, (request, session) =>
    visibility.ofTag(
      (request.body as { equipment_tag_id?: string } | undefined)?.equipment_tag_id,
      session.userId,
    ),
  );
  const companyOf = (request: { body: { companies_id: string } }, companyId: string | null) => {
    if (request.body.companies_id !== companyId)
      throw badRequest('companies_id: the equipment tag belongs to another company.');
    return companyId;
  };

  app.get(
    '/email_task_scheduler/scheduler/:id',
    {
      config: {
        access: access.equipment(PERMISSION, (request, session) =>
          visibility.ofTag(paramId(request), session.userId),
        ),
      },
      schema: {
        tags: ['e-mail schedules'],
        summary: 'The e-mail notification schedules of an equipment tag (id = equipment tag id)',
        params: idParams,
        response: { 200: emailScheduleList, ...errorResponses },
      },
    },
    async (request) => ({ items: await service.list(request.params.id) }),
  );

  app.post(
    '/email_task_scheduler/scheduler',
    {
      config: { access: byBodyTag },
      schema: {
        tags: ['e-mail schedules'],
        summary: 'Create the e-mail notification schedules of an equipment tag (one per active period)',
        body: emailSchedulePayload,
        response: { 201: emailScheduleList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request, requireAuth(request).companyId) as string;
      reply.code(201).send({ items: await service.save(companyId, request.body) });
    },
  );

  app.put(
    '/email_task_scheduler/scheduler',
    {
      config: { access: byBodyTag },
      schema: {
        tags: ['e-mail schedules'],
        summary: 'Update the e-mail notification schedules of an equipment tag; inactive periods are removed',
        body: emailSchedulePayload,
        response: { 200: emailScheduleList, ...errorResponses },
      },
    },
    async (request) => {
      const companyId = companyOf(request, requireAuth(request).companyId) as string;
      return { items: await service.save(companyId, request.body) };
    },
  );

  app.delete(
    '/email_task_scheduler/scheduler/:id',
    {
      config: {
        access: access.equipment(PERMISSION, async (request, session) => {
          const schedule = await repository.find(paramId(request)).catch(() => undefined);
          return schedule ? visibility.ofTag(schedule.equipment_tag_id, session.userId) : undefined;
        }),
      },
      schema: {
        tags: ['e-mail schedules'],
        summary: 'Delete one e-mail notification schedule and its job (id = job_id)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
