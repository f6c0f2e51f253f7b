import { z } from 'zod';

/** Most points one measurements request may carry (issue 7). */
export const MAX_POINTS_PER_REQUEST = 100_000;

/** Most samples one waveform may hold, as JSON or as a binary body (issue 23 item 9): 4 MiB of float32. */
export const MAX_WAVEFORM_SAMPLES = 1_048_576;

/** A timestamp as ISO 8601 with an offset, or epoch milliseconds. */
export const ingestTimestamp = z.union([z.iso.datetime({ offset: true }), z.number().int()]);

/** One scalar sample of a tag of a model (tags are named as in docs/ingestion.md). */
export const measurementPoint = z
  .object({ tag: z.string(), ts: ingestTimestamp, value: z.number() })
  .meta({ id: 'MeasurementPoint' });

/** JSON body of POST /api/v1/ingest/measurements. Points are checked one by one, so one bad row never sinks the rest. */
export const measurementsRequest = z.object({
  modelCode: z.string().min(1).max(100),
  // Points are checked one by one by the server, not copied by a schema pass: 100,000 of them are a hot path.
  points: z
    .array(z.unknown())
    .max(MAX_POINTS_PER_REQUEST)
    .meta({ description: 'MeasurementPoint objects: { tag, ts, value }' }),
});
export type MeasurementsRequest = z.infer<typeof measurementsRequest>;

export const rejectedRow = z.object({ row: z.number().int(), reason: z.string() });
export const ingestResult = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(rejectedRow),
});
export type IngestResult = z.infer<typeof ingestResult>;

/**
 * Kind of a sampled signal. 'pd' is a phase-resolved partial discharge capture: the samples are pulses as pairs
 * (phase of the reference voltage in degrees 0–360, apparent charge in pC), the channel is the reference phase a, b
 * or c, the sensor the PD sub-module and sampleRate the power frequency (Hz).
 */
export const waveformKind = z.enum(['vibration', 'current', 'voltage', 'pd']);

/** Metadata of one sampled signal: query string of a binary upload, or the JSON body with `samples`. */
export const waveformMeta = z.object({
  modelCode: z.string().min(1).max(100),
  sensor: z.string().min(1).max(100),
  kind: waveformKind,
  /** Vibration axis x, y or z; current or voltage phase a, b or c; PD: the reference phase a, b or c. */
  channel: z.enum(['x', 'y', 'z', 'a', 'b', 'c']),
  /** Hz: from 1 Hz (a slower 'waveform' is a trend, sent as points) to 1 MHz. */
  sampleRate: z.coerce.number().min(1, 'must be at least 1 Hz').max(1_000_000, 'must be at most 1 MHz'),
  capturedAt: z.union([z.iso.datetime({ offset: true }), z.coerce.number().int()]),
  unit: z.string().min(1).max(20),
  fileName: z.string().min(1).max(200),
  alias: z.string().max(200).optional(),
  /** Sample count the sender meant: a body of another length is refused. */
  length: z.coerce.number().int().min(16).max(MAX_WAVEFORM_SAMPLES).optional(),
});
export type WaveformMeta = z.infer<typeof waveformMeta>;

export const waveformJsonRequest = waveformMeta.extend({
  samples: z.array(z.number()).min(16).max(MAX_WAVEFORM_SAMPLES),
});

export const waveformResult = z.object({ id: z.string(), duplicate: z.boolean(), samples: z.number().int() });

export const ingestKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export const createIngestKeyRequest = z.object({ name: z.string().trim().min(1, '* Required').max(100) });
/** The key itself is answered once, at creation, and stored only as a hash. */
export const createdIngestKey = ingestKey.extend({ key: z.string() });
