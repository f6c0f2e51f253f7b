import { lttbIndices, m4Indices } from '@sdp/analytics';
import { errorResponse, modelSettingsInput, uuid, waveformKind } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import { monitoredLimits } from '../analysis/limits.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { TimeseriesRepository } from './timeseries.repository.ts';

interface Options {
  repository: TimeseriesRepository;
  models: ModelsRepository;
  master: MasterRepository;
  visibility: EquipmentVisibility;
  /** Spectra are computed on its threads: a long capture never stalls the event loop. */
  compute: ComputePool;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const idParams = z.object({ id: uuid });
/** Most raw points one series answer carries; beyond it the series is downsampled whatever was asked. */
const MAX_RAW = 20_000;

const seriesQuery = z
  .object({
    tags: z
      .string()
      .min(1)
      .transform((value) =>
        value
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      )
      .refine((tags) => tags.length >= 1 && tags.length <= 20, 'Name 1 to 20 tags, separated by commas.'),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    width: z.coerce.number().int().min(10).max(10_000).default(1000),
    method: z.enum(['m4', 'lttb', 'raw']).default('m4'),
  })
  .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
    message: 'from must be before to.',
    path: ['to'],
    // Only between two valid instants: a bad field is named alone.
    when: (payload) => payload.issues.length === 0,
  });

const seriesData = z.object({
  tag: z.string(),
  unit: z.string(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  direction: z.enum(['high', 'low']),
  method: z.enum(['m4', 'lttb', 'raw']),
  /** [epoch ms, value] pairs in time order. */
  points: z.array(z.tuple([z.number(), z.number()])),
});

const waveformInfo = z.object({
  id: uuid,
  fileName: z.string(),
  alias: z.string(),
  sensor: z.string(),
  kind: z.string(),
  channel: z.string(),
  sampleRate: z.number(),
  capturedAt: z.iso.datetime({ offset: true }),
  length: z.number().int(),
  unit: z.string(),
});

const spectrumResponse = z.object({
  waveformId: uuid,
  /** Hz between two amplitudes: the FFT's bin spacing × binsPerPoint. */
  resolutionHz: z.number(),
  /** Amplitude k is at k × resolutionHz: the largest of its binsPerPoint FFT bins. */
  amplitude: z.array(z.number()),
  /** FFT bins behind each amplitude: 1 when the spectrum fits the width, more when it was reduced to it. */
  binsPerPoint: z.number().int(),
  unit: z.string(),
  window: z.string(),
  scale: z.string(),
});

/** Amplitudes a spectrum answer holds at most: a chart's width in pixels (issue 23 item 9); peaks keep their height. */
const spectrumWidth = z.coerce.number().int().min(10).max(100_000).default(4000);

/** Dashboards read here: any series over a range, downsampled on the server; waveforms and their spectra. */
export const timeseriesRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { repository, models, master, visibility, compute },
) => {
  // Held to who sees which equipment: series and waveforms of a tag not assigned to a member answer 404.
  const viewModel = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.params as { id: string }).id, session.userId),
    ),
  };
  const viewWaveform = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofWaveform((request.params as { id: string }).id, session.userId),
    ),
  };

  async function limitsOf(modelId: string) {
    // Limits only need the settings document; a model without one has the defaults of an empty form.
    const settings = await models.settings(modelId);
    const parsed = modelSettingsInput.safeParse(settings?.document ?? { model_in: { title: '-' } });
    return parsed.success ? monitoredLimits(parsed.data, await master.get()) : new Map();
  }

  app.get(
    '/equipment-models/:id/series',
    {
      config: viewModel,
      schema: {
        tags: ['timeseries'],
        summary: "A model's series: inputs and computed features, with their last value, status and limits",
        params: idParams,
        response: {
          200: z.array(
            z.object({
              tag: z.string(),
              unit: z.string(),
              source: z.enum(['input', 'feature']),
              lastTs: z.iso.datetime({ offset: true }).nullable(),
              lastValue: z.number().nullable(),
              status: z.number().int().nullable(),
              warning: z.number().nullable(),
              alarm: z.number().nullable(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const [rows, limits] = await Promise.all([
        repository.series(request.params.id),
        limitsOf(request.params.id),
      ]);
      return rows.map((row) => ({
        tag: row.tag,
        unit: row.unit,
        source: row.source,
        lastTs: row.last_ts?.toISOString() ?? null,
        lastValue: row.last_value,
        status: row.status,
        warning: limits.get(row.tag)?.warning ?? null,
        alarm: limits.get(row.tag)?.alarm ?? null,
      }));
    },
  );

  app.get(
    '/equipment-models/:id/series/data',
    {
      serializerCompiler: plainJsonSerializer,
      config: viewModel,
      schema: {
        tags: ['timeseries'],
        summary:
          'Series over a time range, downsampled to the chart width (M4 by default, or LTTB, or raw when small)',
        params: idParams,
        querystring: seriesQuery,
        response: {
          200: z.object({ from: z.string(), to: z.string(), series: z.array(seriesData) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { tags, from, to, width, method } = request.query;
      const [rows, limits] = await Promise.all([
        repository.series(request.params.id),
        limitsOf(request.params.id),
      ]);
      const byTag = new Map(rows.map((row) => [row.tag, row]));
      const fromS = Date.parse(from) / 1000;
      const toS = Date.parse(to) / 1000;
      const series = await Promise.all(
        tags.map(async (tag) => {
          const row = byTag.get(tag);
          if (!row) throw notFound(`This model has no series ${tag}.`);
          const limit = limits.get(tag);
          let used: 'm4' | 'lttb' | 'raw' = method;
          let points: [number, number][];
          if (method === 'lttb') {
            const raw = await repository.raw(row.id, fromS, toS, 2_000_000);
            const x = Float64Array.from(raw, (p) => p.t);
            const y = Float64Array.from(raw, (p) => p.v);
            const keep = raw.length > width ? lttbIndices(x, y, width) : Uint32Array.from(raw.keys());
            points = Array.from(keep, (i) => [x[i] as number, y[i] as number]);
          } else if (method === 'raw' && (await repository.count(row.id, fromS, toS)) <= MAX_RAW) {
            points = (await repository.raw(row.id, fromS, toS, MAX_RAW)).map((p) => [p.t, p.v]);
          } else {
            used = 'm4';
            points = (await repository.m4ToWidth(row.id, fromS, toS, width)).map((p) => [p.t, p.v]);
          }
          return {
            tag,
            unit: row.unit,
            warning: limit?.warning ?? null,
            alarm: limit?.alarm ?? null,
            direction: limit?.direction ?? 'high',
            method: used,
            points,
          };
        }),
      );
      return { from, to, series };
    },
  );

  app.get(
    '/equipment-models/:id/waveforms',
    {
      config: viewModel,
      schema: {
        tags: ['timeseries'],
        summary: 'Stored waveforms of a model (data-set selectors: fileName and alias), newest first',
        params: idParams,
        querystring: z.object({
          sensor: z.string().max(100).optional(),
          channel: z.enum(['x', 'y', 'z', 'a', 'b', 'c']).optional(),
          kind: waveformKind.optional(),
          limit: z.coerce.number().int().min(1).max(1000).default(200),
        }),
        response: { 200: z.array(waveformInfo), ...errors },
      },
    },
    async (request) =>
      (await repository.waveforms(request.params.id, request.query)).map((row) => ({
        id: row.id,
        fileName: row.file_name,
        alias: row.alias,
        sensor: row.sensor,
        kind: row.kind,
        channel: row.channel,
        sampleRate: row.sample_rate,
        capturedAt: row.captured_at.toISOString(),
        length: row.length,
        unit: row.unit,
      })),
  );

  async function samplesOf(id: string) {
    const row = await repository.waveform(id);
    if (!row) throw notFound('This waveform does not exist.');
    return { row, samples: new Float32Array(new Uint8Array(row.samples).buffer) };
  }

  app.get(
    '/waveforms/:id/spectrum',
    {
      serializerCompiler: plainJsonSerializer,
      config: viewWaveform,
      schema: {
        tags: ['timeseries'],
        summary: 'Single-sided amplitude spectrum of a stored waveform (window corrected; peak or RMS scale)',
        params: idParams,
        querystring: z.object({
          window: z.enum(['hann', 'flattop', 'rectangular']).default('hann'),
          scale: z.enum(['peak', 'rms']).default('peak'),
          width: spectrumWidth,
        }),
        response: { 200: spectrumResponse, ...errors },
      },
    },
    async (request) => {
      const { row, samples } = await samplesOf(request.params.id);
      const { window, scale, width } = request.query;
      const spectrum = await compute.run(
        { task: 'spectrum', samples, sampleRateHz: row.sample_rate, window, scale, width },
        [samples.buffer as ArrayBuffer],
      );
      return {
        waveformId: row.id,
        resolutionHz: spectrum.resolutionHz,
        amplitude: Array.from(spectrum.amplitude),
        binsPerPoint: spectrum.binsPerPoint,
        unit: row.unit,
        window,
        scale,
      };
    },
  );

  app.get(
    '/waveforms/:id/envelope',
    {
      serializerCompiler: plainJsonSerializer,
      config: viewWaveform,
      schema: {
        tags: ['timeseries'],
        summary:
          'Envelope spectrum of a stored waveform: band-pass around the resonance, Hilbert envelope, spectrum',
        params: idParams,
        querystring: z
          .object({
            low: z.coerce.number().positive().default(500),
            high: z.coerce.number().positive().default(5000),
            width: spectrumWidth,
          })
          .refine((q) => q.low < q.high, { message: 'low must be below high.', path: ['high'] }),
        response: { 200: spectrumResponse, ...errors },
      },
    },
    async (request) => {
      const { row, samples } = await samplesOf(request.params.id);
      if (request.query.high >= row.sample_rate / 2)
        throw badRequest(`high must be below the Nyquist frequency ${row.sample_rate / 2} Hz.`);
      const spectrum = await compute.run(
        {
          task: 'envelope',
          samples,
          sampleRateHz: row.sample_rate,
          bandHz: [request.query.low, request.query.high],
          width: request.query.width,
        },
        [samples.buffer as ArrayBuffer],
      );
      return {
        waveformId: row.id,
        resolutionHz: spectrum.resolutionHz,
        amplitude: Array.from(spectrum.amplitude),
        binsPerPoint: spectrum.binsPerPoint,
        unit: row.unit,
        window: 'hann',
        scale: 'peak',
      };
    },
  );

  app.get(
    '/waveforms/:id/time',
    {
      serializerCompiler: plainJsonSerializer,
      config: viewWaveform,
      schema: {
        tags: ['timeseries'],
        summary: 'Time waveform, downsampled with M4 to the chart width when longer',
        params: idParams,
        querystring: z.object({ width: z.coerce.number().int().min(10).max(100_000).default(4000) }),
        response: {
          200: z.object({
            waveformId: uuid,
            sampleRate: z.number(),
            capturedAt: z.string(),
            unit: z.string(),
            length: z.number().int(),
            points: z.array(z.tuple([z.number(), z.number()])),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { row, samples } = await samplesOf(request.params.id);
      const seconds = Float64Array.from(samples, (_, i) => i / row.sample_rate);
      const keep =
        samples.length > request.query.width * 4
          ? m4Indices(seconds, samples, request.query.width)
          : Uint32Array.from(samples.keys());
      return {
        waveformId: row.id,
        sampleRate: row.sample_rate,
        capturedAt: row.captured_at.toISOString(),
        unit: row.unit,
        length: samples.length,
        points: Array.from(keep, (i) => [seconds[i] as number, samples[i] as number] as [number, number]),
      };
    },
  );
};
