import {
  errorResponse,
  mcaDiagnostic,
  mcaDiagnosticQuery,
  mcaDiagramStatus,
  mcaFaultFrequencies,
  mcaFaultFrequencyQuery,
  mcaFileNames,
  mcaFileNamesQuery,
  mcaFrequencyQuery,
  mcaFrequencyResult,
  mcaModelParams,
  mcaSeriesQuery,
  mcaSeriesRow,
  mcaTimeDomain,
  mcaTimeDomainQuery,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { paramId, plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { McaService } from './mca.service.ts';

interface Options {
  service: McaService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const BASE = '/mca-result-data-new/:id';

/**
 * MCA dashboard calls (spec 02 §7, issue 13): the documented result and diagnostic paths (the spec's
 * 'result_dianostic' and the corrected 'result_diagnostic'), and, where the spec shows no path, calls in the same
 * style under /mca-result-data-new/{id}/. A model of another type, or a capture of another model, answers 404.
 */
export const mcaRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const config = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel(paramId(request), session.userId),
    ),
  };
  const tags = ['mca'];

  app.get(
    `${BASE}/result_data_new`,
    {
      serializerCompiler: plainJsonSerializer,
      config,
      schema: {
        tags,
        summary:
          'MCA time series: tab 21 Time Series Detail (meter scalars; I0, speed and THDi per phase), tab 22 Frequency Detail (fault-frequency levels, dB: worst phase, and Ia/Ib/Ic)',
        params: mcaModelParams,
        querystring: mcaSeriesQuery,
        response: { 200: z.array(mcaSeriesRow), ...errors },
      },
    },
    async (request) => service.series(request.params.id, request.query),
  );

  for (const spelling of ['result_dianostic', 'result_diagnostic']) {
    app.get(
      `/mca-result-diagnostic/:id/${spelling}`,
      {
        serializerCompiler: plainJsonSerializer,
        config,
        schema: {
          tags,
          summary:
            spelling === 'result_dianostic'
              ? 'MCA Pattern Recognition: overall model residual and the six fault series per capture (path as the spec spells it)'
              : 'MCA Pattern Recognition (corrected spelling of result_dianostic)',
          params: mcaModelParams,
          querystring: mcaDiagnosticQuery,
          response: { 200: mcaDiagnostic, ...errors },
        },
      },
      async (request) => service.diagnostic(request.params.id, request.query),
    );
  }

  app.get(
    `${BASE}/file_name`,
    {
      config,
      schema: {
        tags,
        summary: 'MCA capture file names (newest first, up to 500) for a frequency range group code',
        params: mcaModelParams,
        querystring: mcaFileNamesQuery,
        response: { 200: mcaFileNames, ...errors },
      },
    },
    async (request) => service.files(request.params.id, request.query.groupCode),
  );

  app.get(
    `${BASE}/time_domain`,
    {
      serializerCompiler: plainJsonSerializer,
      config,
      schema: {
        tags,
        summary: 'MCA time-domain data of one capture: Ia, Ib, Ic (A) against seconds, M4-thinned',
        params: mcaModelParams,
        querystring: mcaTimeDomainQuery,
        response: { 200: mcaTimeDomain, ...errors },
      },
    },
    async (request) => service.timeDomain(request.params.id, request.query.fileName, request.query.maxPoints),
  );

  for (const [path, summary] of [
    ['frequency', 'MCA current spectrum of 1–5 captures: IA, IB, IC in dB relative to the supply peak'],
    [
      'frequency_3d',
      'MCA 3D frequency data: series[]{alias, data} of 1–5 captures (same figures as /frequency)',
    ],
  ] as const) {
    app.get(
      `${BASE}/${path}`,
      {
        serializerCompiler: plainJsonSerializer,
        config,
        schema: {
          tags,
          summary,
          params: mcaModelParams,
          querystring: mcaFrequencyQuery,
          response: { 200: mcaFrequencyResult, ...errors },
        },
      },
      async (request) =>
        service.frequency(
          request.params.id,
          request.query.fileName,
          request.query.groupCode,
          request.query.maxPoints,
        ),
    );
  }

  app.get(
    `${BASE}/fault_frequency`,
    {
      config,
      schema: {
        tags,
        summary:
          'MCA fault frequencies per capture from the motor data: supply, rotor bar fs(1±2s), eccentricity fs±fr, DE/NDE bearing lines, with the level per phase',
        params: mcaModelParams,
        querystring: mcaFaultFrequencyQuery,
        response: { 200: mcaFaultFrequencies, ...errors },
      },
    },
    async (request) => service.faultFrequencies(request.params.id, request.query.fileName),
  );

  app.get(
    `${BASE}/diagram_status`,
    {
      config,
      schema: {
        tags,
        summary: 'MCA diagram status: the eight parts and the overall Health Status (3 = offline)',
        params: mcaModelParams,
        response: { 200: mcaDiagramStatus, ...errors },
      },
    },
    async (request) => service.diagramStatus(request.params.id),
  );
};
