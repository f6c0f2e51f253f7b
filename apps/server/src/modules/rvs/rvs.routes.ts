import {
  errorResponse,
  rvsAxisLabels,
  rvsDataSet,
  rvsFaultParameter,
  rvsFilesQuery,
  rvsHistoryQuery,
  rvsHistoryResult,
  rvsModelIdParams,
  rvsModelQuery,
  rvsOverallFailureMode,
  rvsParameterTrendQuery,
  rvsParameterTrendResult,
  rvsPredictedFailure,
  rvsSensor,
  rvsSensorDetailRow,
  rvsSensorQuery,
  rvsSpectrumQuery,
  rvsSpectrumResult,
  rvsTrendQuery,
  rvsTrendResult,
  rvsWaterfallQuery,
  rvsWaterfallResult,
  rvsWaveformQuery,
  rvsWaveformResult,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { RvsService } from './rvs.service.ts';

interface Options {
  service: RvsService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * RVS calls of spec 03 §7.1–7.2: each call declared here, every figure computed by rvs.service.ts. Parameter Trend,
 * Failure History and Predicted Failures answer 403 unless the user is a platform admin or the company has
 * rvs_upgrade (spec 03 §2.3, §6).
 */
export const rvsRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };
  const byParam = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.params as { id?: string }).id, session.userId),
    ),
  };

  app.get(
    '/rvs-graph-result/sensors',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: 'Sensor locations of an RVS model (id, sensorId, sensorName)',
        querystring: rvsModelQuery,
        response: { 200: z.array(rvsSensor), ...errors },
      },
    },
    async (request) => service.sensors(request.query.modelId),
  );

  app.get(
    '/rvs-graph-result/axis-filter',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: "A sensor's axis labels for x, y, z (default H, V, A)",
        querystring: rvsSensorQuery,
        response: { 200: rvsAxisLabels, ...errors },
      },
    },
    async (request) => service.axisLabels(request.query.modelId, request.query.sensor_id),
  );

  app.get(
    '/rvs-graph-result/file-names',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Data sets (captures) of a sensor axis for the spectrum, waterfall and waveform views, newest first',
        querystring: rvsFilesQuery,
        response: { 200: z.array(rvsDataSet), ...errors },
      },
    },
    async (request) => service.dataSets(request.query),
  );

  app.get(
    '/rvs-graph-result/spectrum',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Spectrum of each chosen data set (RMS; envelope in gE) with the fault-frequency marks and the table',
        querystring: rvsSpectrumQuery,
        response: { 200: rvsSpectrumResult, ...errors },
      },
    },
    async (request) => service.spectrum(request.query),
  );

  app.get(
    '/rvs-graph-result/waterfall',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Waterfall: the spectrum of each chosen data set, oldest first, reduced per line to the chart width',
        querystring: rvsWaterfallQuery,
        response: { 200: rvsWaterfallResult, ...errors },
      },
    },
    async (request) => service.waterfall(request.query),
  );

  app.get(
    '/rvs-graph-result/time-waveform',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: 'Time waveform of each chosen data set: acceleration in m/s² or g against seconds',
        querystring: rvsWaveformQuery,
        response: { 200: rvsWaveformResult, ...errors },
      },
    },
    async (request) => service.timeWaveform(request.query),
  );

  app.get(
    '/rvs-graph-result/trend',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Overall Trend: the overall values of up to 2 sensors on every axis, M4-reduced to the chart width',
        querystring: rvsTrendQuery,
        response: { 200: rvsTrendResult, ...errors },
      },
    },
    async (request) => service.trend(request.query),
  );

  app.get(
    '/rvs-result/fault-parameters',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary: 'Fault parameters of the Parameter Trend and their trends (needs the RVS upgrade)',
        querystring: rvsModelQuery,
        response: { 200: z.array(rvsFaultParameter), ...errors },
      },
    },
    async (request) => service.faultParameters(request.query.modelId, request.auth),
  );

  app.get(
    '/rvs-result/parameter-trend',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          "A failure mode's indicator per capture and axis, with fast and slow moving averages (needs the RVS upgrade)",
        querystring: rvsParameterTrendQuery,
        response: { 200: rvsParameterTrendResult, ...errors },
      },
    },
    async (request) => service.parameterTrend(request.query, request.auth),
  );

  app.get(
    '/rvs-failure-mode/graph/history-failure-mode/:id',
    {
      serializerCompiler: plainJsonSerializer,
      config: byParam,
      schema: {
        tags: ['rvs'],
        summary:
          'Failure History: 0 Normal / 1 Warning / 2 Danger of each failure mode per capture (needs the RVS upgrade)',
        params: rvsModelIdParams,
        querystring: rvsHistoryQuery,
        response: { 200: rvsHistoryResult, ...errors },
      },
    },
    async (request) => service.failureHistory(request.params.id, request.query, request.auth),
  );

  app.get(
    '/rvs-failure-mode/model-failure-mode/:id',
    {
      config: byParam,
      schema: {
        tags: ['rvs'],
        summary:
          "Predicted Failures: each sensor's failure modes from its newest capture (needs the RVS upgrade)",
        params: rvsModelIdParams,
        response: { 200: z.array(rvsPredictedFailure), ...errors },
      },
    },
    async (request) => service.predictedFailures(request.params.id, request.auth),
  );

  app.get(
    '/rvs-failure-mode/overall-failure-mode/:id',
    {
      config: byParam,
      schema: {
        tags: ['rvs'],
        summary: 'Machine Status: the overall status (the worst sensor) and the status of each sensor',
        params: rvsModelIdParams,
        response: { 200: rvsOverallFailureMode, ...errors },
      },
    },
    async (request) => service.machineStatus(request.params.id),
  );

  app.get(
    '/rvs-result/sensor-detail',
    {
      config: byQuery,
      schema: {
        tags: ['rvs'],
        summary:
          'Sensor Detail: last overall values per axis, temperature and battery with their limits and statuses',
        querystring: rvsModelQuery,
        response: { 200: z.array(rvsSensorDetailRow), ...errors },
      },
    },
    async (request) => service.sensorDetail(request.query.modelId),
  );
};
