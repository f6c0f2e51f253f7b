import { errorResponse, uuid, waveformKind } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { TimeseriesService } from './timeseries.service.ts';

interface Options {
  service: TimeseriesService;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const idParams = z.object({ id: uuid });

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
  /** The name people read: the sensor type's, else the tag spelled out. */
  name: z.string(),
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

/**
 * Dashboards read here: any series over a range, downsampled on the server; waveforms and their spectra. Each call
 * is declared here and computed by timeseries.service.ts.
 */
export const timeseriesRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, visibility }) => {
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
              name: z.string(),
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
    async (request) => service.series(request.params.id),
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
    async (request) => service.seriesData(request.params.id, request.query),
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
    async (request) => service.waveforms(request.params.id, request.query),
  );

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
    async (request) => service.spectrum(request.params.id, request.query),
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
    async (request) => service.envelope(request.params.id, request.query),
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
    async (request) => service.timeWaveform(request.params.id, request.query.width),
  );
};
