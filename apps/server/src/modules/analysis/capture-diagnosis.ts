import {
  amplitudeSpectrum,
  type BearingDefectFrequencies,
  type BearingGeometry,
  bearingDefectFrequencies,
  diagnoseFailureModes,
  envelopeSpectrum,
  type FailureModeScore,
  findPeaks,
  type GearMeshFrequencies,
  gearMeshFrequencies,
  type Spectrum,
  velocitySpectrum,
} from '@sdp/analytics';
import type { ModelSettings, RvsPhase } from '@sdp/contracts';
import type { MasterData } from '../models/master.repository.ts';
import { catalogueGeometry } from '../models/settings.ts';

/**
 * The diagnosis engine of one vibration capture, shared by the RVS calls, fault events and reports: the spectrum of
 * a capture in each phase, the running speed, the sensor's bearing, gear and vane context and the failure-mode
 * scores computed from them.
 */

/**
 * Gravity divisor of the 'acceleration [g]' unit: spec 03 §7.2 and §9 divide m/s² by 9.81 (not the standard
 * 9.80665 of @sdp/analytics; the 0.03 % difference is the spec's choice). The one place it is written.
 */
export const SPEC_GRAVITY_DIVISOR = 9.81;

/** Envelope band around the structural resonances (ANALYTICS.md §3.2, as the stored features use). */
const ENVELOPE_BAND_HZ = [500, 5000] as const;

/** The spectrum of a capture (m/s² samples) in a phase: RMS amplitudes, envelope peak in gE. */
export function phaseSpectrum(samples: Float32Array, sampleRateHz: number, phase: RvsPhase): Spectrum {
  if (phase === 'envelope') {
    const envelope = envelopeSpectrum(samples, sampleRateHz, {
      bandHz: [ENVELOPE_BAND_HZ[0], Math.min(ENVELOPE_BAND_HZ[1], 0.45 * sampleRateHz)],
    });
    return scaled(envelope, 1 / SPEC_GRAVITY_DIVISOR);
  }
  const acceleration = amplitudeSpectrum(samples, sampleRateHz, { scale: 'rms', removeMean: true });
  if (phase === 'velocity') return velocitySpectrum(acceleration);
  if (phase === 'accelerationG') return scaled(acceleration, 1 / SPEC_GRAVITY_DIVISOR);
  return acceleration;
}

function scaled(spectrum: Spectrum, factor: number): Spectrum {
  const amplitude = new Float64Array(spectrum.amplitude.length);
  for (let k = 0; k < amplitude.length; k++) amplitude[k] = spectrum.amplitude[k]! * factor;
  return { ...spectrum, amplitude };
}

/**
 * Running speed measured from a capture when the configuration has none: the frequency of the highest velocity
 * peak between 5 and 100 Hz (300–6,000 rpm), where 1× dominates a healthy rotating machine.
 */
export function measuredShaftHz(samples: Float32Array, sampleRateHz: number): number | null {
  const velocity = phaseSpectrum(samples, sampleRateHz, 'velocity');
  const [top] = findPeaks(velocity, { minHz: 5, maxHz: 100, maxPeaks: 1 });
  return top ? top.frequencyHz : null;
}

/** What the marks are computed from: the sensor's bearing, shaft speed, gear teeth and impeller vanes. */
export interface MarkContext {
  shaftHz: number | null;
  bearing: BearingGeometry | null;
  gearTeeth: { input: number; output: number } | null;
  vanes: number | null;
}

/** A positive number written in a configuration value, else null. */
export const positiveConfig = (text: string | undefined) => {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
};

/**
 * What a sensor's marks and diagnosis are computed from: its catalogue bearing, its running speed (the sensor's,
 * else the model configuration's 'Rotational speed'), gear teeth and impeller vanes of the configuration.
 */
export function sensorMarkContext(
  sensor: Pick<ModelSettings['raw_vibration_sensor_in'][number], 'bearingId' | 'rotatingSpeed'>,
  config: (tag: string) => string | undefined,
  catalogue: MasterData['bearings'],
): MarkContext {
  const bearing =
    sensor.bearingId === null ? undefined : catalogue.find((row) => row.id === sensor.bearingId);
  const teethIn = positiveConfig(config('gear_teeth_in'));
  const teethOut = positiveConfig(config('gear_teeth_out'));
  const rpm = sensor.rotatingSpeed ?? positiveConfig(config('rotational_speed'));
  return {
    shaftHz: rpm === null ? null : rpm / 60,
    bearing: bearing ? catalogueGeometry(bearing) : null,
    gearTeeth: teethIn && teethOut ? { input: Math.round(teethIn), output: Math.round(teethOut) } : null,
    vanes: positiveConfig(config('impeller_vanes')),
  };
}

/** Bearing lines of a sensor at a running speed, or undefined without a bearing. */
function bearingLines(
  bearing: BearingGeometry | null,
  shaftHz: number,
): BearingDefectFrequencies | undefined {
  return bearing ? bearingDefectFrequencies(bearing, shaftHz * 60) : undefined;
}

function gearLines(context: MarkContext, shaftHz: number): GearMeshFrequencies | undefined {
  return context.gearTeeth
    ? gearMeshFrequencies(context.gearTeeth.input, context.gearTeeth.output, shaftHz)
    : undefined;
}

/**
 * Failure-mode scores of one capture of one axis (ANALYTICS.md §6): shaft modes from the velocity spectrum (mm/s
 * RMS), bearing defects from the envelope spectrum (m/s²) when the sensor has a catalogue bearing, gears when it
 * has teeth.
 */
export function diagnoseCapture(
  samples: Float32Array,
  sampleRateHz: number,
  context: MarkContext,
): FailureModeScore[] {
  const shaftHz = context.shaftHz ?? measuredShaftHz(samples, sampleRateHz);
  if (!shaftHz) return [];
  const velocity = phaseSpectrum(samples, sampleRateHz, 'velocity');
  const bearing = bearingLines(context.bearing, shaftHz);
  const gear = gearLines(context, shaftHz);
  return diagnoseFailureModes({
    velocity,
    shaftHz,
    ...(bearing
      ? {
          bearing,
          envelope: envelopeSpectrum(samples, sampleRateHz, {
            bandHz: [ENVELOPE_BAND_HZ[0], Math.min(ENVELOPE_BAND_HZ[1], 0.45 * sampleRateHz)],
          }),
        }
      : {}),
    ...(gear ? { gear } : {}),
  });
}

/** The worst score of each failure mode over several axes (highest status, then highest percent). */
export function worstScores(perAxis: readonly (readonly FailureModeScore[])[]): FailureModeScore[] {
  const worst = new Map<string, FailureModeScore>();
  for (const scores of perAxis)
    for (const score of scores) {
      const seen = worst.get(score.mode);
      if (
        !seen ||
        score.status > seen.status ||
        (score.status === seen.status && score.percent > seen.percent)
      )
        worst.set(score.mode, score);
    }
  return [...worst.values()];
}
