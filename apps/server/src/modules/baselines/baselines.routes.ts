import { baselineResetResult, modelBaseline } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { errorResponses, idParams, paramId } from '../../lib/route-schemas.ts';
import type { BaselinesRepository } from './baselines.repository.ts';
import type { BaselinesService } from './baselines.service.ts';

interface Options {
  service: BaselinesService;
  repository: BaselinesRepository;
  visibility: EquipmentVisibility;
}

const tags = ['baselines'];

/**
 * Learned baselines of a model (issue 25 item 4, docs/baselines.md). The spec shows no path: these sit beside the
 * model's own calls. Reading follows who sees the equipment; Reset baseline needs ConfigDataModelInfo (ADMIN, OWNER,
 * OWNER_RVS).
 */
export const baselinesRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, repository, visibility },
) => {
  app.get(
    '/equipment-models/:id/baseline',
    {
      config: {
        access: access.equipment('ViewCompany', (request, session) =>
          visibility.ofModel(paramId(request), session.userId),
        ),
      },
      schema: {
        tags,
        summary: "Learned baselines of a model's monitored values: learning day, band per value",
        params: idParams,
        response: { 200: modelBaseline, ...errorResponses },
      },
    },
    (request) => service.ofModel(request.params.id),
  );

  app.post(
    '/equipment-models/:id/baseline/reset',
    {
      config: {
        access: access.company(
          'ConfigDataModelInfo',
          async (request) => (await repository.model(paramId(request)))?.company_id,
        ),
      },
      schema: {
        tags,
        summary:
          'Reset baseline: every learned baseline of the model starts a new learning period now (audited)',
        params: idParams,
        response: { 200: baselineResetResult, ...errorResponses },
      },
    },
    (request) => service.reset(requireAuth(request), request.params.id),
  );
};
