import {
  accelerationToVelocity,
  amplitudeSpectrum,
  type BearingDefectFrequencies,
  bandRms,
  bearingCurrentSignature,
  currentSpectrum,
  envelopeSpectrum,
  estimateRotorSpeed,
  loadOscillation,
  motorSpeed,
  otherFamilyLines,
  overallFeatures,
  phaseSidebandLevels,
  STANDARD_GRAVITY,
  totalHarmonicDistortion,
} from '@sdp/analytics';
import type { ModuleTaskOutput } from '../../lib/compute-tasks.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';

export interface FeaturePoint {
  tag: string;
  unit: string;
  value: number;
}

/**
 * Overall vibration features of one axis of an RVS sensor (acceleration in m/s²): acceleration RMS, velocity RMS in
 * the ISO 10816 band 10–1000 Hz (mm/s), and the RMS of the envelope spectrum 0–1000 Hz in gE (ANALYTICS.md §3).
 */
export function vibrationFeatures(
  sensor: string,
  axis: string,
  samples: Float32Array,
  sampleRateHz: number,
): FeaturePoint[] {
  const acceleration = overallFeatures(samples).rms;
  const velocity = overallFeatures(
    accelerationToVelocity(samples, sampleRateHz, [10, Math.min(1000, sampleRateHz * 0.45)]),
  ).rms;
  const envelope = envelopeSpectrum(samples, sampleRateHz, {
    bandHz: [500, Math.min(5000, sampleRateHz * 0.45)],
  });
  const envelopeG = bandRms(envelope, 1, Math.min(1000, sampleRateHz * 0.45)) / STANDARD_GRAVITY;
  return [
    { tag: `${sensor}.acceleration.${axis}`, unit: 'm/s²', value: acceleration },
    { tag: `${sensor}.velocity.${axis}`, unit: 'mm/s', value: velocity },
    { tag: `${sensor}.envelope.${axis}`, unit: 'gE', value: envelopeG },
  ];
}

/**
 * vibrationFeatures as a compute-pool task (lib/compute-tasks.ts): the samples arrive as a moved buffer. A capture the
 * engine cannot take answers its reason rather than failing the task, so a failed task means the pool (retry the job),
 * never the capture.
 */
export function vibrationFeaturesTask(input: {
  sensor: string;
  axis: string;
  samples: Float32Array;
  sampleRateHz: number;
}): ModuleTaskOutput<{ features: FeaturePoint[] } | { error: string }> {
  try {
    return {
      result: {
        features: vibrationFeatures(input.sensor, input.axis, input.samples, input.sampleRateHz),
      },
    };
  } catch (error) {
    return { result: { error: (error as Error).message } };
  }
}

const THIS_MODULE = new URL(import.meta.url);

/**
 * vibrationFeatures off the event loop when there is a compute pool (one FFT of 65,536 samples, the ISO velocity and
 * the envelope: about 10 ms of CPU a capture, which a round of 40 captures held the API's event loop for). The
 * samples' buffer moves to the worker: the caller must not use it afterwards.
 */
export async function vibrationFeaturesOffLoop(
  sensor: string,
  axis: string,
  samples: Float32Array,
  sampleRateHz: number,
  compute?: Pick<ComputePool, 'call'>,
): Promise<{ features: FeaturePoint[] } | { error: string }> {
  if (!compute) return vibrationFeaturesTask({ sensor, axis, samples, sampleRateHz }).result;
  return compute.call(THIS_MODULE, 'vibrationFeaturesTask', { sensor, axis, samples, sampleRateHz }, [
    samples.buffer as ArrayBuffer,
  ]);
}

/** Motor data the MCA features need: poles, running speed (estimated when absent), the DE/NDE bearings' lines. */
export interface MotorFeatureInput {
  poles: number;
  rpm?: number | undefined;
  /** Defect frequencies of the motor's catalogue bearings at the running speed. */
  bearings?: readonly BearingDefectFrequencies[];
}

/**
 * MCA indicators from the three stator currents captured together (ANALYTICS.md §4): sideband levels in dB below the
 * supply peak for broken rotor bars, eccentricity and inter-turn signatures; the bearing signature |fs ± fv| of the
 * motor's catalogue bearings (BPFO, BPFI, 2×BSF); the load-oscillation index (docs/analytics-mca.md); each the worst
 * phase. Per phase (`<tag>.a|b|c`): RMS current (I0), speed from the eccentricity sideband, THDi and each fault level,
 * for the phase choice of Time Series Detail and Frequency Detail. Unbalance and THD of the meter come from the gateway as scalars: it sees every cycle, not one capture a day.
 */
export function motorFeatures(
  phases: { a: Float32Array; b: Float32Array; c: Float32Array },
  sampleRateHz: number,
  motor: MotorFeatureInput,
): FeaturePoint[] {
  if (phases.b.length !== phases.a.length || phases.c.length !== phases.a.length)
    throw new Error('the three phase currents differ in length');
  const perPhase: FeaturePoint[] = [];
  const worst = {
    broken_rotor_bar: -200,
    eccentric_airgap: -200,
    short_turn: -200,
    bearing: -200,
    oscillation: -200,
  };
  for (const [channel, samples] of Object.entries(phases)) {
    const { spectrum, supply } = currentSpectrum(samples, sampleRateHz);
    const estimated = estimateRotorSpeed(spectrum, supply, motor.poles);
    const speed = motor.rpm ? motorSpeed(supply.frequencyHz, motor.poles, motor.rpm) : estimated;
    const sidebands = phaseSidebandLevels(spectrum, supply, speed);
    const bearing = motor.bearings?.length
      ? bearingCurrentSignature(spectrum, supply, motor.bearings, otherFamilyLines(supply.frequencyHz, speed))
          .levelDb
      : null;
    const oscillation = loadOscillation(spectrum, supply, speed).levelDb;
    worst.broken_rotor_bar = Math.max(worst.broken_rotor_bar, sidebands.rotor_bar_crack);
    worst.eccentric_airgap = Math.max(worst.eccentric_airgap, sidebands.eccentric_airgap);
    worst.short_turn = Math.max(worst.short_turn, sidebands.short_turn);
    if (bearing !== null) worst.bearing = Math.max(worst.bearing, bearing);
    worst.oscillation = Math.max(worst.oscillation, oscillation);
    perPhase.push(
      { tag: `i0.${channel}`, unit: 'A', value: overallFeatures(samples).rms },
      { tag: `speed.${channel}`, unit: 'RPM', value: estimated.rpm },
      { tag: `thdi.${channel}`, unit: '%', value: totalHarmonicDistortion(spectrum, supply) },
      // Frequency Detail's phase choice (spec 02 §2.7): each fault level of this phase.
      { tag: `broken_rotor_bar.${channel}`, unit: 'dB', value: sidebands.rotor_bar_crack },
      { tag: `eccentric_airgap.${channel}`, unit: 'dB', value: sidebands.eccentric_airgap },
      { tag: `short_turn.${channel}`, unit: 'dB', value: sidebands.short_turn },
      ...(bearing === null ? [] : [{ tag: `bearing_failure.${channel}`, unit: 'dB', value: bearing }]),
      { tag: `load_oscillation.${channel}`, unit: 'dB', value: oscillation },
    );
  }
  const candidates: FeaturePoint[] = [
    { tag: 'broken_rotor_bar', unit: 'dB', value: worst.broken_rotor_bar },
    { tag: 'eccentric_airgap', unit: 'dB', value: worst.eccentric_airgap },
    { tag: 'short_turn', unit: 'dB', value: worst.short_turn },
    ...perPhase,
    ...(motor.bearings?.length ? [{ tag: 'bearing_failure', unit: 'dB', value: worst.bearing }] : []),
    { tag: 'load_oscillation', unit: 'dB', value: worst.oscillation },
  ];
  return candidates.filter((point) => Number.isFinite(point.value));
}

/** Peak amplitude spectrum of a stored waveform, for the spectrum API. */
export { amplitudeSpectrum };
