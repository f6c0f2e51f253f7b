import { errorResponse, statusHistory, statusHistoryQuery, uuid } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import type { StatusHistoryService } from './status-history.service.ts';

interface Options {
  service: StatusHistoryService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** A model's stored status history (issue 26 items 1 and 4): whoever sees the model reads it. */
export const statusHistoryRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  app.get(
    '/equipment-models/:id/status-history',
    {
      config: {
        access: access.equipment('ViewCompany', (request, session) =>
          visibility.ofModel((request.params as { id: string }).id, session.userId),
        ),
      },
      schema: {
        tags: ['models'],
        summary:
          "A model's status history over [from, to): each day in the company's time zone with the worst status the model had in it, the changes (what drove each), and since when it has been at its current warning or alarm level",
        params: z.object({ id: uuid }),
        querystring: statusHistoryQuery,
        response: { 200: statusHistory, ...errors },
      },
    },
    async (request) =>
      service.read(request.params.id, new Date(request.query.from), new Date(request.query.to)),
  );
};
