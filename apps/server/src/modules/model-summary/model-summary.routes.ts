import {
  errorResponse,
  mcaOverallStatusRow,
  overallStatusQuery,
  overallStatusRow,
  vcaOverallStatusRow,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { ModelSummaryService } from './model-summary.service.ts';

interface Options {
  service: ModelSummaryService;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Company-wide status tables (spec 02 §3 "Overall status rows", §7; issue 13 item 4): who sees which equipment
 * is the same server function as every other read, so a member gets the rows of the equipment assigned to them.
 */
export const modelSummaryRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  const byCompany = {
    access: access.company('ViewCompany', (request) => (request.query as { company_id?: string }).company_id),
  };

  app.get(
    '/model_summary/overall_status',
    {
      config: byCompany,
      schema: {
        tags: ['model-summary'],
        summary:
          'Every model of the company the user sees: type, status, in warning or alarm since, last data',
        querystring: overallStatusQuery,
        response: { 200: z.array(overallStatusRow), ...errors },
      },
    },
    async (request) => service.overallStatus(requireAuth(request), request.query.company_id),
  );

  app.get(
    '/model_summary/overall_status/mca',
    {
      config: byCompany,
      schema: {
        tags: ['model-summary'],
        summary:
          'MCA models of the company: airgap, bearing, rotor, stator, terminal box and overall statuses',
        querystring: overallStatusQuery,
        response: { 200: z.array(mcaOverallStatusRow), ...errors },
      },
    },
    async (request) => service.mcaStatus(requireAuth(request), request.query.company_id),
  );

  app.get(
    '/model_summary/overall_status/vca',
    {
      config: byCompany,
      schema: {
        tags: ['model-summary'],
        summary:
          'VCA models of the company: cooling fan, DC-link capacitor, inverter, rectifier, stress, control card',
        querystring: overallStatusQuery,
        response: { 200: z.array(vcaOverallStatusRow), ...errors },
      },
    },
    async (request) => service.vcaStatus(requireAuth(request), request.query.company_id),
  );
};
