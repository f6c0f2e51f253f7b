import {
  bearingDefectFrequencies,
  gearMeshFrequencies,
  type Spectrum,
  spectrumFrequencies,
} from '@sdp/analytics';
import type { RvsMark, RvsPhase } from '@sdp/contracts';
import type { ModuleTaskOutput } from '../../lib/compute-tasks.ts';
import { type MarkContext, phaseSpectrum } from '../analysis/capture-diagnosis.ts';

/** Highest frequency shown per phase, Hz: velocity in the ISO band, envelope up to 1 kHz, acceleration all. */
const MAX_HZ: Record<RvsPhase, number> = {
  velocity: 1000,
  envelope: 1000,
  acceleration: Number.POSITIVE_INFINITY,
  accelerationG: Number.POSITIVE_INFINITY,
};

export const PHASE_UNITS: Record<RvsPhase, string> = {
  acceleration: 'm/s²',
  accelerationG: 'g',
  velocity: 'mm/s',
  envelope: 'gE',
};

/**
 * phaseSpectrum as a task of the compute pool (lib/worker-pool.ts), so the FFT of a long capture runs off the event
 * loop: the spectrum, its amplitudes moved back rather than copied.
 */
export function phaseSpectrumTask(input: {
  samples: Float32Array;
  sampleRateHz: number;
  phase: RvsPhase;
}): ModuleTaskOutput<Spectrum> {
  const spectrum = phaseSpectrum(input.samples, input.sampleRateHz, input.phase);
  return { result: spectrum, transfer: [spectrum.amplitude.buffer as ArrayBuffer] };
}

/** [Hz, amplitude] pairs of a spectrum up to the phase's highest frequency. */
export function spectrumPoints(spectrum: Spectrum, phase: RvsPhase): [number, number][] {
  const hz = spectrumFrequencies(spectrum);
  const top = Math.min(MAX_HZ[phase], spectrum.sampleRateHz / 2);
  const out: [number, number][] = [];
  for (let k = 0; k < hz.length && hz[k]! <= top; k++) out.push([hz[k]!, spectrum.amplitude[k]!]);
  return out;
}

/**
 * Per-column peak reduction of a spectrum to `width` points: the highest amplitude of each column at its own
 * frequency, so no peak is lost when a line of 8,192 bins is drawn on a chart a few hundred pixels wide.
 */
export function peaksToWidth(points: readonly [number, number][], width: number): [number, number][] {
  if (points.length <= width) return [...points];
  const out: [number, number][] = [];
  const per = points.length / width;
  for (let column = 0; column < width; column++) {
    const from = Math.floor(column * per);
    const to = Math.min(points.length, Math.floor((column + 1) * per));
    let best = points[from]!;
    for (let i = from + 1; i < to; i++) if (points[i]![1] > best[1]) best = points[i]!;
    out.push(best);
  }
  return out;
}

/** Harmonic orders drawn for each family. */
const ORDERS = 5;

function family(label: string, hz: number, count = ORDERS) {
  return Array.from({ length: count }, (_, i) => ({
    label: i === 0 ? label : `${i + 1}×${label}`,
    frequencyHz: (i + 1) * hz,
  }));
}

/**
 * Fault-frequency marks of spec 03 §2.5: shaft harmonics, the bearing's BSF/FTF/BPFO/BPFI (catalogue geometry at
 * the running speed, ANALYTICS.md §2.1), GMF and its sidebands from the gear teeth, BPF from the impeller vanes.
 * `note` says why nothing can be drawn.
 */
export function faultMarks(
  mark: RvsMark | undefined,
  context: MarkContext,
): { marks: { label: string; frequencyHz: number }[]; note: string | null } {
  if (!mark) return { marks: [], note: null };
  const shaft = context.shaftHz;
  if (!shaft) return { marks: [], note: 'No running speed: set Rotational speed in the configuration.' };
  if (mark === 'mark_machine_speed')
    return { marks: family('1X', shaft, 10).map((m, i) => ({ ...m, label: `${i + 1}X` })), note: null };
  if (mark === 'mark_bsf' || mark === 'mark_ftf' || mark === 'mark_bpfo' || mark === 'mark_bpfi') {
    if (!context.bearing)
      return { marks: [], note: 'No bearing: choose the sensor’s bearing in the configuration.' };
    const lines = bearingDefectFrequencies(context.bearing, shaft * 60);
    const key = mark.slice(5) as 'bsf' | 'ftf' | 'bpfo' | 'bpfi';
    return { marks: family(key.toUpperCase(), lines[key]), note: null };
  }
  if (mark === 'mark_bpf') {
    if (!context.vanes) return { marks: [], note: 'No impeller vanes or blades in the configuration.' };
    return { marks: family('BPF', context.vanes * shaft), note: null };
  }
  if (!context.gearTeeth) return { marks: [], note: 'No gear teeth in the configuration.' };
  const mesh = gearMeshFrequencies(context.gearTeeth.input, context.gearTeeth.output, shaft);
  if (mark === 'mark_gmf') return { marks: family('GMF', mesh.gmfHz, 3), note: null };
  const spacing = mark === 'mark_sbin' ? mesh.inputHz : mesh.outputHz;
  const name = mark === 'mark_sbin' ? 'SBin' : 'SBout';
  return {
    marks: [-3, -2, -1, 0, 1, 2, 3].map((k) => ({
      label: k === 0 ? 'GMF' : `${name}${k > 0 ? '+' : ''}${k}`,
      frequencyHz: mesh.gmfHz + k * spacing,
    })),
    note: null,
  };
}
