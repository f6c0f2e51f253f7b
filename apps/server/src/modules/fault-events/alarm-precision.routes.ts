import { alarmPrecision, companyPrecisionQuery, errorResponse, modelPrecisionQuery } from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { notFound } from '../../lib/http-error.ts';
import type { AlarmPrecisionService } from './alarm-precision.service.ts';

interface Options {
  service: AlarmPrecisionService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const instant = (value: string | undefined) => (value ? new Date(value) : null);

/**
 * Alarm precision (issue 25 item 5): seen by whoever sees the events it counts. A model's figures need sight of
 * the model (ViewCompany); a company's count only the models the caller sees (an assigned MEMBER: theirs).
 */
export const alarmPrecisionRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  app.get(
    '/fault-event/precision',
    {
      config: {
        access: access.equipment('ViewCompany', (request: FastifyRequest, session) =>
          visibility.ofModel((request.query as { model_id?: string }).model_id, session.userId),
        ),
      },
      schema: {
        tags: ['fault-events'],
        summary:
          "A model's alarm precision: of its fault events closed with an outcome (from ≤ closed < to), how many were confirmed faults, by failure mode, and how many confirmed faults had a Warning first with the median days before",
        querystring: modelPrecisionQuery,
        response: { 200: alarmPrecision, ...errors },
      },
    },
    async (request) => {
      const companyId = await service.companyOfModel(request.query.model_id);
      if (!companyId) throw notFound();
      return service.figures({
        companyId,
        modelId: request.query.model_id,
        visibleTags: null,
        from: instant(request.query.from),
        to: instant(request.query.to),
      });
    },
  );

  app.get(
    '/fault-events/precision',
    {
      config: {
        access: access.company(
          'ViewCompany',
          (request) => (request.query as { company_id?: string }).company_id,
        ),
      },
      schema: {
        tags: ['fault-events'],
        summary:
          "A company's alarm precision over the active models the caller sees, each model's and each failure mode's (see /fault-event/precision)",
        querystring: companyPrecisionQuery,
        response: { 200: alarmPrecision, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query;
      return service.figures({
        companyId: q.company_id,
        visibleTags: await visibility.visibleTags(auth.userId, q.company_id, auth.permissions),
        from: instant(q.from),
        to: instant(q.to),
      });
    },
  );
};
