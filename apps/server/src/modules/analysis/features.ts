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
  motorCurrentFeatures,
  motorSpeed,
  otherFamilyLines,
  overallFeatures,
  STANDARD_GRAVITY,
  totalHarmonicDistortion,
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
 * phase. Per phase: RMS current (I0), speed from the eccentricity sideband and THDi, for the Time Series Detail phase
 * choice. Unbalance and THD of the meter come from the gateway as scalars: it sees every cycle, not one capture a day.
 */
export function motorFeatures(
  phases: { a: Float32Array; b: Float32Array; c: Float32Array },
  sampleRateHz: number,
  motor: MotorFeatureInput,
): FeaturePoint[] {
  const features = motorCurrentFeatures({ ia: phases.a, ib: phases.b, ic: phases.c }, sampleRateHz, {
    poles: motor.poles,
    ...(motor.rpm ? { rpm: motor.rpm } : {}),
  });
  const candidates: { tag: string; unit: string; value: number | null }[] = [
    { tag: 'broken_rotor_bar', unit: 'dB', value: features.rotor_bar_crack },
    { tag: 'eccentric_airgap', unit: 'dB', value: features.eccentric_airgap },
    { tag: 'short_turn', unit: 'dB', value: features.short_turn },
  ];
  let bearing = -200;
  let oscillation = -200;
  for (const [channel, samples] of Object.entries(phases)) {
    const { spectrum, supply } = currentSpectrum(samples, sampleRateHz);
    const estimated = estimateRotorSpeed(spectrum, supply, motor.poles);
    const speed = motor.rpm ? motorSpeed(supply.frequencyHz, motor.poles, motor.rpm) : estimated;
    if (motor.bearings?.length)
      bearing = Math.max(
        bearing,
        bearingCurrentSignature(spectrum, supply, motor.bearings, otherFamilyLines(supply.frequencyHz, speed))
          .levelDb,
      );
    oscillation = Math.max(oscillation, loadOscillation(spectrum, supply, speed).levelDb);
    candidates.push(
      { tag: `i0.${channel}`, unit: 'A', value: overallFeatures(samples).rms },
      { tag: `speed.${channel}`, unit: 'RPM', value: estimated.rpm },
      { tag: `thdi.${channel}`, unit: '%', value: totalHarmonicDistortion(spectrum, supply) },
    );
  }
  if (motor.bearings?.length) candidates.push({ tag: 'bearing_failure', unit: 'dB', value: bearing });
  candidates.push({ tag: 'load_oscillation', unit: 'dB', value: oscillation });
  return candidates.filter(
    (point): point is FeaturePoint => point.value !== null && Number.isFinite(point.value),
  );
}

/** Peak amplitude spectrum of a stored waveform, for the spectrum API. */
export { amplitudeSpectrum };
