import type { Transferable } from 'node:worker_threads';
import {
  AnalyticsInputError,
  amplitudeSpectrum,
  envelopeSpectrum,
  type SpectrumScale,
  type WindowType,
} from '@sdp/analytics';
import { MAX_POINTS_PER_REQUEST, MAX_WAVEFORM_SAMPLES } from '@sdp/contracts';
import { HttpError } from './http-error.ts';

/** The work the compute pool's threads do (worker-pool.ts); each task is a pure function of its message. */
export type ComputeRequest =
  | {
      task: 'spectrum';
      samples: Float32Array;
      sampleRateHz: number;
      window: WindowType;
      scale: SpectrumScale;
      width: number;
    }
  | { task: 'envelope'; samples: Float32Array; sampleRateHz: number; bandHz: [number, number]; width: number }
  | { task: 'parseJson'; body: Uint8Array }
  /**
   * A feature's own computation: the function `name` exported by the module at `module` (a file URL), called with
   * `input`, answering a ModuleTaskOutput. The feature names its module, so this shared code imports no feature.
   */
  | { task: 'module'; module: string; name: string; input: unknown };

/** What a module task function answers: its result, and the buffers of it to move rather than copy. */
export interface ModuleTaskOutput<T = unknown> {
  result: T;
  transfer?: Transferable[];
}

export interface ReducedSpectrum {
  /** Hz between two answered amplitudes: the FFT's bin spacing × binsPerPoint. */
  resolutionHz: number;
  /** Amplitude k covers the FFT bins [k × binsPerPoint, (k + 1) × binsPerPoint): their largest value. */
  amplitude: Float64Array;
  binsPerPoint: number;
}

export type ComputeResult<K extends ComputeRequest['task']> = K extends 'spectrum' | 'envelope'
  ? ReducedSpectrum
  : unknown;

export type ComputeResponse = { result: unknown } | { error: { status?: number; message: string } };

/**
 * A spectrum reduced to at most `width` amplitudes for a chart: each keeps the largest of `binsPerPoint` whole
 * neighbouring bins, so every peak keeps its height and amplitude k still sits at k × the answered resolution.
 */
export function spectrumToWidth(
  amplitude: Float64Array,
  resolutionHz: number,
  width: number,
): ReducedSpectrum {
  if (amplitude.length <= width) return { resolutionHz, amplitude, binsPerPoint: 1 };
  const per = Math.ceil(amplitude.length / width);
  const out = new Float64Array(Math.ceil(amplitude.length / per));
  for (let k = 0; k < out.length; k++) {
    const end = Math.min(amplitude.length, (k + 1) * per);
    let best = amplitude[k * per] as number;
    for (let i = k * per + 1; i < end; i++)
      if ((amplitude[i] as number) > best) best = amplitude[i] as number;
    out[k] = best;
  }
  return { resolutionHz: resolutionHz * per, amplitude: out, binsPerPoint: per };
}

/**
 * An ingest body parsed as JSON, refused (413) when it carries more points or samples than one request may: a
 * large body is parsed here, off the event loop, and only what the caps allow is handed back to it.
 */
export function parseIngestJson(body: Uint8Array): unknown {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body));
  } catch (error) {
    throw new HttpError(400, `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (value !== null && typeof value === 'object') {
    const { points, samples } = value as { points?: unknown; samples?: unknown };
    if (Array.isArray(points) && points.length > MAX_POINTS_PER_REQUEST)
      throw new HttpError(413, `At most ${MAX_POINTS_PER_REQUEST} points per request.`);
    if (Array.isArray(samples) && samples.length > MAX_WAVEFORM_SAMPLES)
      throw new HttpError(413, `A waveform holds at most ${MAX_WAVEFORM_SAMPLES} samples.`);
  }
  return value;
}

/** Runs one task; refusals the caller caused (bad input) come back with their status, anything else as a fault. */
export async function runComputeTask(
  request: ComputeRequest,
): Promise<{ response: ComputeResponse; transfer: Transferable[] }> {
  try {
    switch (request.task) {
      case 'spectrum': {
        const spectrum = amplitudeSpectrum(request.samples, request.sampleRateHz, {
          window: request.window,
          scale: request.scale,
        });
        const reduced = spectrumToWidth(spectrum.amplitude, spectrum.resolutionHz, request.width);
        return { response: { result: reduced }, transfer: [reduced.amplitude.buffer as ArrayBuffer] };
      }
      case 'envelope': {
        const spectrum = envelopeSpectrum(request.samples, request.sampleRateHz, { bandHz: request.bandHz });
        const reduced = spectrumToWidth(spectrum.amplitude, spectrum.resolutionHz, request.width);
        return { response: { result: reduced }, transfer: [reduced.amplitude.buffer as ArrayBuffer] };
      }
      case 'parseJson':
        return { response: { result: parseIngestJson(request.body) }, transfer: [] };
      case 'module': {
        const exported = ((await import(request.module)) as Record<string, unknown>)[request.name];
        if (typeof exported !== 'function')
          throw new Error(`${request.module} exports no task ${request.name}.`);
        const output = (await exported(request.input)) as ModuleTaskOutput;
        return { response: { result: output.result }, transfer: output.transfer ?? [] };
      }
    }
  } catch (error) {
    if (error instanceof HttpError)
      return { response: { error: { status: error.status, message: error.message } }, transfer: [] };
    // A stored signal the computation cannot take is the request's fault (error-handler.ts answers it 400 too).
    if (error instanceof AnalyticsInputError)
      return { response: { error: { status: 400, message: error.message } }, transfer: [] };
    return { response: { error: { message: (error as Error).message } }, transfer: [] };
  }
}
