import {
  accelerationToVelocity,
  amplitudeSpectrum,
  bandRms,
  envelopeSpectrum,
  motorCurrentFeatures,
  overallFeatures,
  STANDARD_GRAVITY,
} from '@sdp/analytics';

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
 * MCA indicators from the three stator currents captured together (ANALYTICS.md §4): sideband levels in dB below the
 * supply peak for broken rotor bars, eccentricity, inter-turn and bearing signatures. Unbalance and THD come from the
 * gateway as scalars: it sees every cycle, not one capture a day.
 */
export function motorFeatures(
  phases: { a: Float32Array; b: Float32Array; c: Float32Array },
  sampleRateHz: number,
  motor: { poles: number; rpm?: number | undefined },
): FeaturePoint[] {
  const features = motorCurrentFeatures({ ia: phases.a, ib: phases.b, ic: phases.c }, sampleRateHz, {
    poles: motor.poles,
    ...(motor.rpm ? { rpm: motor.rpm } : {}),
  });
  const candidates: { tag: string; unit: string; value: number | null }[] = [
    { tag: 'broken_rotor_bar', unit: 'dB', value: features.rotor_bar_crack },
    { tag: 'eccentric_airgap', unit: 'dB', value: features.eccentric_airgap },
    { tag: 'short_turn', unit: 'dB', value: features.short_turn },
    { tag: 'bearing_failure', unit: 'dB', value: features.bearing_failure },
  ];
  return candidates.filter(
    (point): point is FeaturePoint => point.value !== null && Number.isFinite(point.value),
  );
}

/** Peak amplitude spectrum of a stored waveform, for the spectrum API. */
export { amplitudeSpectrum };
