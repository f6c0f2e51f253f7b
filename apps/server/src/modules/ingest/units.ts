import { inverseRealFft, nextPowerOfTwo, realFft, STANDARD_GRAVITY } from '@sdp/analytics';
import type { WaveformMeta } from '@sdp/contracts';
import type { ModuleTaskOutput } from '../../lib/compute-tasks.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import type { IngestRepository } from './ingest.repository.ts';

/**
 * Units of a waveform's samples (issue 25 item 1, docs/ingestion.md "Units"). A capture is converted once, where it
 * is stored, into the unit every reader of its kind takes: vibration as acceleration in m/s² (the analysis features,
 * the RVS spectra, waveform and diagnosis, the reports and the fault-event evidence all compute from acceleration),
 * current in A, voltage in V, partial discharge in pC. The stored `unit` is that unit.
 */
export const STORED_UNIT: Record<WaveformMeta['kind'], string> = {
  vibration: 'm/s²',
  current: 'A',
  voltage: 'V',
  pd: 'pC',
};

/** How a sent unit becomes the stored one: a factor to SI, then 0, 1 or 2 differentiations in time. */
export interface Conversion {
  /** Multiplies the samples into m/s² (order 0), m/s (order 1) or m (order 2); A, V, pC as they are. */
  factor: number;
  /** Time derivatives to take: velocity 1, displacement 2. */
  order: 0 | 1 | 2;
}

const ACCEPTED: Record<WaveformMeta['kind'], Record<string, Conversion>> = {
  vibration: {
    g: { factor: STANDARD_GRAVITY, order: 0 },
    'm/s2': { factor: 1, order: 0 },
    'm/s²': { factor: 1, order: 0 },
    'mm/s': { factor: 1e-3, order: 1 },
    'in/s': { factor: 0.0254, order: 1 },
    um: { factor: 1e-6, order: 2 },
    // MICRO SIGN (U+00B5) as the issue writes it, and GREEK SMALL LETTER MU (U+03BC) that many keyboards type.
    µm: { factor: 1e-6, order: 2 },
    μm: { factor: 1e-6, order: 2 },
  },
  current: { A: { factor: 1, order: 0 } },
  voltage: { V: { factor: 1, order: 0 } },
  pd: { pC: { factor: 1, order: 0 } },
};

/** The units accepted for a kind of waveform, as a refusal names them. */
export function acceptedUnits(kind: WaveformMeta['kind']): string[] {
  return Object.keys(ACCEPTED[kind]).filter((unit) => unit !== 'μm');
}

/** How a capture sent in `unit` becomes its stored unit, or a 400 naming the accepted units. */
export function unitConversion(kind: WaveformMeta['kind'], unit: string): Conversion {
  const conversion = ACCEPTED[kind][unit.trim()];
  if (!conversion) {
    throw new HttpError(
      400,
      `unit: '${unit}' is not accepted for a ${kind} waveform; send one of ${acceptedUnits(kind).join(', ')}.`,
    );
  }
  return conversion;
}

/** The samples converted: scaled, and differentiated to acceleration when they are velocity or displacement. */
export function convertSamples(
  samples: Float32Array,
  sampleRateHz: number,
  { factor, order }: Conversion,
): Float32Array {
  if (factor === 1 && order === 0) return samples;
  const source = order === 0 ? samples : differentiate(samples, sampleRateHz, order);
  const out = new Float32Array(source.length);
  for (let i = 0; i < out.length; i++) out[i] = (source[i] as number) * factor;
  return out;
}

/**
 * The samples of a capture in its stored unit (STORED_UNIT), or a 400 naming the accepted units. Velocity and
 * displacement are differentiated to acceleration in the frequency domain (jω per order), which is exact for every
 * line of the capture; the features integrate back the same way, so a velocity sensor's overall velocity is its own.
 */
export function toStoredUnit(
  kind: WaveformMeta['kind'],
  unit: string,
  samples: Float32Array,
  sampleRateHz: number,
): Float32Array {
  return convertSamples(samples, sampleRateHz, unitConversion(kind, unit));
}

/** convertSamples as a task of the compute pool: the FFT of a long velocity capture runs off the event loop. */
export function convertSamplesTask(input: {
  samples: Float32Array;
  sampleRateHz: number;
  conversion: Conversion;
}): ModuleTaskOutput<Float32Array> {
  const converted = convertSamples(input.samples, input.sampleRateHz, input.conversion);
  return { result: converted, transfer: [converted.buffer as ArrayBuffer] };
}

const THIS_MODULE = new URL(import.meta.url);

/**
 * toStoredUnit for the server's event loop: a scale runs here (a few ms for the largest capture), a derivative (up
 * to a second for a million samples) on the compute pool when there is one.
 */
export async function toStoredUnitOffLoop(
  kind: WaveformMeta['kind'],
  unit: string,
  samples: Float32Array,
  sampleRateHz: number,
  compute?: Pick<ComputePool, 'call'>,
): Promise<Float32Array> {
  const conversion = unitConversion(kind, unit);
  if (conversion.order === 0 || !compute) return convertSamples(samples, sampleRateHz, conversion);
  return compute.call<Float32Array>(THIS_MODULE, 'convertSamplesTask', {
    samples,
    sampleRateHz,
    conversion,
  });
}

/**
 * The first or second time derivative of a sampled signal, by the FFT. The record is not periodic, so it is made so
 * smoothly before the transform: the straight line through its end points is taken out (its derivative is added back
 * as a constant; its second derivative is zero), and the zero padding up to a power of two is filled with the
 * record's point reflections about each end, tapered to zero, so value and slope run on without a step at both ends
 * and no edge ringing reaches the record.
 */
export function differentiate(signal: ArrayLike<number>, sampleRateHz: number, order: 1 | 2): Float64Array {
  const n = signal.length;
  const first = signal[0] as number;
  const last = signal[n - 1] as number;
  const slope = (last - first) / (n - 1);
  const size = nextPowerOfTwo(2 * n);
  const buffer = new Float64Array(size);
  for (let i = 0; i < n; i++) buffer[i] = (signal[i] as number) - (first + slope * i);
  const pad = size - n;
  const right = Math.min(Math.floor(pad / 2), n - 1);
  const left = Math.min(pad - Math.floor(pad / 2), n - 1);
  const taper = (k: number, length: number) => Math.cos((Math.PI * k) / (2 * length)) ** 2;
  for (let k = 1; k <= right; k++) buffer[n - 1 + k] = -(buffer[n - 1 - k] as number) * taper(k, right);
  for (let k = 1; k <= left; k++) buffer[size - k] = -(buffer[k] as number) * taper(k, left);
  const spectrum = realFft(buffer);
  const half = size / 2;
  const dOmega = (2 * Math.PI * sampleRateHz) / size;
  for (let k = 0; k <= half; k++) {
    const re = spectrum[2 * k] as number;
    const im = spectrum[2 * k + 1] as number;
    if (k === 0 || k === half) {
      spectrum[2 * k] = 0;
      spectrum[2 * k + 1] = 0;
    } else if (order === 1) {
      // × jω
      const w = k * dOmega;
      spectrum[2 * k] = -im * w;
      spectrum[2 * k + 1] = re * w;
    } else {
      // × (jω)² = −ω²
      const w2 = (k * dOmega) ** 2;
      spectrum[2 * k] = -re * w2;
      spectrum[2 * k + 1] = -im * w2;
    }
  }
  const derivative = inverseRealFft(spectrum).slice(0, n);
  if (order === 1) {
    const ramp = slope * sampleRateHz;
    for (let i = 0; i < n; i++) derivative[i] = (derivative[i] as number) + ramp;
  }
  return derivative;
}

/**
 * Spellings of velocity and displacement that vibration captures stored before units were honoured carry, with the
 * accepted unit each means. Migration 0032 renamed and scaled the others in SQL; these need a derivative, so the
 * server converts them (LEGACY_CAPTURES_PER_ROUND at a time, from the `maintain` job) with the code new captures use.
 */
const LEGACY_VIBRATION_UNITS: Record<string, string> = {
  'mm/s': 'mm/s',
  'mm/sec': 'mm/s',
  'in/s': 'in/s',
  ips: 'in/s',
  um: 'um',
  µm: 'µm',
  μm: 'µm',
  micron: 'um',
  microns: 'um',
};
const LEGACY_CAPTURES_PER_ROUND = 20;

/** Converts stored vibration captures still in velocity or displacement to m/s²; answers how many it converted. */
export async function convertLegacyCaptures(
  repository: Pick<IngestRepository, 'capturesInUnits' | 'replaceSamples'>,
  compute?: Pick<ComputePool, 'call'>,
): Promise<number> {
  const rows = await repository.capturesInUnits(
    Object.keys(LEGACY_VIBRATION_UNITS),
    LEGACY_CAPTURES_PER_ROUND,
  );
  for (const row of rows) {
    const samples = new Float32Array(new Uint8Array(row.samples).buffer);
    const converted = await toStoredUnitOffLoop(
      'vibration',
      LEGACY_VIBRATION_UNITS[row.unit] as string,
      samples,
      row.sample_rate,
      compute,
    );
    await repository.replaceSamples(row.id, row.unit, {
      unit: STORED_UNIT.vibration,
      samples: Buffer.from(converted.buffer, converted.byteOffset, converted.byteLength),
    });
  }
  return rows.length;
}
