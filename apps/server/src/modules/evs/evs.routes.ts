import { errorResponse, evsResult, evsResultQuery, evsStatus, evsStatusQuery } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { EvsService } from './evs.service.ts';

interface Options {
  service: EvsService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** EVS dashboard (spec 02 §2.5, §2.7, §7): statuses and chart data from the sensors' stored readings. */
export const evsRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };

  app.get(
    '/evs/status',
    {
      config: byQuery,
      schema: {
        tags: ['evs'],
        summary:
          'EVS result: driver, transmission, driven and overall statuses, and every sensor reading with its limits',
        querystring: evsStatusQuery,
        response: { 200: evsStatus, ...errors },
      },
    },
    async (request) => service.status(request.query.modelId),
  );

  app.get(
    '/evs/result',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['evs'],
        summary:
          'Current Analysis of one sensor type: one line per unit id with its Alarm and Warning, M4-downsampled',
        querystring: evsResultQuery,
        response: { 200: evsResult, ...errors },
      },
    },
    async (request) => service.result(request.query),
  );
};
