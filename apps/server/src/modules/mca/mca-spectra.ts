import { type CurrentSpectrumSeries, currentSpectrum } from '@sdp/analytics';
import type { ModuleTaskOutput } from '../../lib/compute-tasks.ts';
import { badRequest } from '../../lib/http-error.ts';

/** The current spectra of a capture's three phases. */
export type PhaseSpectra = Record<'IA' | 'IB' | 'IC', CurrentSpectrumSeries>;

/** What the spectra of one capture are computed from. */
export interface PhaseSpectraInput {
  fileName: string;
  sampleRateHz: number;
  a: Float32Array;
  b: Float32Array;
  c: Float32Array;
  maxHz?: number;
}

/** The three phase spectra of a capture; a phase without a supply peak refuses the capture (400 naming it). */
export function phaseSpectra({ fileName, sampleRateHz, a, b, c, maxHz }: PhaseSpectraInput): PhaseSpectra {
  const spectrum = (samples: Float32Array) => {
    try {
      return currentSpectrum(samples, sampleRateHz, maxHz === undefined ? {} : { maxHz });
    } catch (error) {
      throw badRequest(`fileName: capture '${fileName}' has no supply peak (${(error as Error).message}).`);
    }
  };
  return { IA: spectrum(a), IB: spectrum(b), IC: spectrum(c) };
}

/**
 * phaseSpectra as a task of the compute pool (lib/worker-pool.ts), so the FFTs of long captures run off the event
 * loop; the spectra's arrays are moved back rather than copied.
 */
export function phaseSpectraTask(input: PhaseSpectraInput): ModuleTaskOutput<PhaseSpectra> {
  const spectra = phaseSpectra(input);
  const buffers = new Set<ArrayBuffer>();
  for (const series of Object.values(spectra)) {
    for (const array of [series.frequencyHz, series.levelDb, series.spectrum.amplitude])
      buffers.add(array.buffer as ArrayBuffer);
  }
  return { result: spectra, transfer: [...buffers] };
}
