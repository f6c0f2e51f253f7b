import {
  errorResponse,
  modelSummary,
  trDgaCalculateRequest,
  trDgaDetail,
  trDgaRawQuery,
  trDgaResult,
  trDgaResultQuery,
  trDgaSample,
  trHealthQuery,
  trLocusFiles,
  trLocusResult,
  trLocusResultQuery,
  trLocusRow,
  trLosses,
  trLossesQuery,
  trQSetting,
  trScoreQuery,
  trScoreResult,
  trSeries,
  trSummaryStatus,
  trTagQuery,
  trTagResult,
  uuid,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { TransformerService } from './transformer.service.ts';

interface Options {
  service: TransformerService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Transformer dashboard (spec 02 §2.4, §2.6, §7); the figures come from the transformer service. */
export const transformerRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const byParam = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.params as { id: string }).id, session.userId),
    ),
  };
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };

  app.get(
    '/equipment-models/tr-summary-status/:id',
    {
      config: byParam,
      schema: {
        tags: ['transformer'],
        summary:
          'Transformer detail: panels A–J with values, limits and statuses, DGA zones and the diagram badges',
        params: z.object({ id: uuid }),
        response: { 200: trSummaryStatus, ...errors },
      },
    },
    async (request) => service.summaryStatus(request.params.id),
  );

  app.get(
    '/equipment-models/:id/summary',
    {
      config: byParam,
      schema: {
        tags: ['models'],
        summary: 'Summary of any model for its page: status, open fault events, last data time',
        params: z.object({ id: uuid }),
        response: { 200: modelSummary, ...errors },
      },
    },
    async (request) => service.modelSummary(request.params.id),
  );

  app.get(
    '/health_monitoring/tr-model-result-data/new',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'Health monitoring trends of a transformer: one series per tag of a sensor type or a tab, with limits',
        querystring: trHealthQuery,
        response: { 200: z.array(trSeries), ...errors },
      },
    },
    async (request) => service.healthTrends(request.query),
  );

  app.get(
    '/advance-analysis/dga-result',
    {
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'DGA of the main tank or OLTC at a time: the three gases, their Duval Triangle 1 shares and zone',
        querystring: trDgaResultQuery,
        response: { 200: trDgaResult, ...errors },
      },
    },
    async (request) => service.dgaResult(request.query),
  );

  app.get(
    '/advance-analysis/dga-raw',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'History of DGA samples over a range, each placed in Duval Triangle 1 (evenly thinned to maxPoints)',
        querystring: trDgaRawQuery,
        response: { 200: z.array(trDgaSample), ...errors },
      },
    },
    async (request) => service.dgaRaw(request.query),
  );

  app.get(
    '/advance-analysis/dga-detail',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['transformer'],
        summary: 'Duval Triangle 1 zones: plot polygons and meanings',
        response: { 200: trDgaDetail, 401: errorResponse },
      },
    },
    async () => service.dgaDetail(),
  );

  app.get(
    '/advance-analysis/dga-calculate',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['transformer'],
        summary: 'The DGA manual calculator: Duval Triangle 1 of three gases in ppm',
        querystring: z.object({
          ch4: z.coerce.number().pipe(trDgaCalculateRequest.shape.ch4),
          c2h4: z.coerce.number().pipe(trDgaCalculateRequest.shape.c2h4),
          c2h2: z.coerce.number().pipe(trDgaCalculateRequest.shape.c2h2),
        }),
        response: {
          200: trDgaResult
            .pick({ ch4_level_cal: true, c2h4_level_cal: true, c2h2_level_cal: true, point: true })
            .extend({
              zone: z.string().nullable(),
              description: z.string(),
            }),
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    async (request) => service.dgaCalculate(request.query),
  );

  app.get(
    '/advance-analysis/transformer-losses',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'Losses over a range: P0 + Pk·K² from the load factor and the rated losses (configuration 112, 113)',
        querystring: trLossesQuery,
        response: { 200: trLosses, ...errors },
      },
    },
    async (request) => service.losses(request.query),
  );

  app.get(
    '/vi-locus/locus-list',
    {
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'V–I loci of a transformer with their reference ellipses (model settings v_and_i_locus_in)',
        querystring: z.object({ modelId: uuid }),
        response: { 200: z.array(trLocusRow), ...errors },
      },
    },
    async (request) => service.loci(request.query.modelId),
  );

  app.get(
    '/vi-locus/files',
    {
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'Captures of one locus (current and voltage waveforms, sensor = locus name), newest first',
        querystring: z.object({ modelId: uuid, locusName: z.string().min(1).max(100) }),
        response: { 200: trLocusFiles, ...errors },
      },
    },
    async (request) => service.locusFiles(request.query.modelId, request.query.locusName),
  );

  app.get(
    '/vi-locus/result',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'V–I locus of the present and last captures against the reference: ellipses and the process table',
        querystring: trLocusResultQuery,
        response: { 200: trLocusResult, ...errors },
      },
    },
    async (request) => service.locusResult(request.query),
  );

  app.get(
    '/correlation/q-setting',
    {
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'Correlation (anomaly) pairs of a model: score tag, tag A, tag B and limits',
        querystring: z.object({ modelId: uuid }),
        response: { 200: z.array(trQSetting), ...errors },
      },
    },
    async (request) => service.qSettings(request.query.modelId),
  );

  app.get(
    '/correlation/score-result',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'Anomaly score trend of one pair (computed by the analysis job) with its limits',
        querystring: trScoreQuery,
        response: { 200: trScoreResult, ...errors },
      },
    },
    async (request) => service.scoreResult(request.query),
  );

  app.get(
    '/correlation/tag-result',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'Tag A against tag B: samples of both at the same instants, with the least-squares baseline',
        querystring: trTagQuery,
        response: { 200: trTagResult, ...errors },
      },
    },
    async (request) => service.tagResult(request.query),
  );
};
