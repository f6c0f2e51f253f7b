import { errorResponse, pdFiles, pdFilesQuery, pdResult, pdResultQuery } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { PdService } from './pd.service.ts';

interface Options {
  service: PdService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Phase-resolved partial discharge of a transformer (spec 02 §2.6 tab 8, §7 'PD file names' and 'PD result'); the
 * figures come from the PD service.
 */
export const pdRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };

  app.get(
    '/advance-analysis/pd-files',
    {
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'PD sub-modules with captures, and the capture files of one of them, newest first',
        querystring: pdFilesQuery,
        response: { 200: pdFiles, ...errors },
      },
    },
    async (request) => service.files(request.query),
  );

  app.get(
    '/advance-analysis/pd-result',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'Phase-resolved PD scatter of one capture: pulse counts on a phase (0–360°) × apparent charge (pC) grid',
        querystring: pdResultQuery,
        response: { 200: pdResult, ...errors },
      },
    },
    async (request) => service.result(request.query),
  );
};
