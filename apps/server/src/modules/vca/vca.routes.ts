import {
  errorResponse,
  vcaCaptureQuery,
  vcaDiagram,
  vcaFile,
  vcaFilesQuery,
  vcaFrequency,
  vcaLifeQuery,
  vcaModelQuery,
  vcaOverallItem,
  vcaOverallQuery,
  vcaRulResult,
  vcaTemperatureResult,
  vcaTimeDomain,
  vcaTrendQuery,
  vcaTrendSeries,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { VcaService } from './vca.service.ts';

interface Options {
  service: VcaService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** VCA dashboard (spec 02 §2.5–2.7, §7): each call declared here, every figure computed by vca.service.ts. */
export const vcaRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };

  app.get(
    '/vca-result-data/diagram',
    {
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'VCA diagram: part statuses and overall health, Percent of Load gauge, VSD Status card',
        querystring: vcaModelQuery,
        response: { 200: vcaDiagram, ...errors },
      },
    },
    async (request) => service.diagram(request.query.modelId),
  );

  app.get(
    '/vca-model-trend-signal/trend-signal/new',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'VSD trend signals with their warning and alarm limits, M4-downsampled to the chart width',
        querystring: vcaTrendQuery,
        response: { 200: z.array(vcaTrendSeries), ...errors },
      },
    },
    async (request) => service.trendSignals(request.query),
  );

  app.get(
    '/vca-result-data/rul',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary:
          "A part's remaining life (% and years) along the range, Miner's rule over its temperature history",
        querystring: vcaLifeQuery,
        response: { 200: vcaRulResult, ...errors },
      },
    },
    async (request) => service.rul(request.query),
  );

  app.get(
    '/vca-result-data/temperature',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: "A part's temperature along the range: alarm at its rated T0, warning 10 °C below",
        querystring: vcaLifeQuery,
        response: { 200: vcaTemperatureResult, ...errors },
      },
    },
    async (request) => service.temperature(request.query),
  );

  app.get(
    '/vca-result-data/overall',
    {
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: "Remaining life now of each part (% and years) and its RUL class (spec 02 §4), 'rul_p_y'",
        querystring: vcaOverallQuery,
        response: { 200: z.array(vcaOverallItem), ...errors },
      },
    },
    async (request) => service.overall(request.query.modelId),
  );

  app.get(
    '/vca-result-data/file-names',
    {
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: "Output-current captures of a drive for 'Select FileName', newest first",
        querystring: vcaFilesQuery,
        response: { 200: z.array(vcaFile), ...errors },
      },
    },
    async (request) => service.files(request.query.modelId),
  );

  app.get(
    '/vca-result-data/time-domain',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'Time domain (group TD) of a capture: Ia, Ib, Ic (A) against seconds',
        querystring: vcaCaptureQuery,
        response: { 200: vcaTimeDomain, ...errors },
      },
    },
    async (request) => service.timeDomain(request.query.modelId, request.query.fileName),
  );

  app.get(
    '/vca-result-data/frequency',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['vca'],
        summary: 'Spectrum of a capture: IA, IB, IC in dB re 1 A (Hann, peak) against Hz, up to 1 kHz',
        querystring: vcaCaptureQuery,
        response: { 200: vcaFrequency, ...errors },
      },
    },
    async (request) => service.frequency(request.query.modelId, request.query.fileName),
  );
};
