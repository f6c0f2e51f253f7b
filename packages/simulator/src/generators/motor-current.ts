/**
 * Induction motor with motor current analysis (model type 2): power-quality scalars from the motor's meter,
 * and three stator-current waveforms a day. The faulty motor develops a cracked rotor bar: sidebands at
 * f(1 ± 2s) rise from −55 dB to beyond −40 dB relative to the supply component (ANALYTICS.md §4).
 */
import { MODEL_TYPE, sensorType } from '../master-data.ts';
import { MOTOR_SPEED_RPM, type PlantModel } from '../plant.ts';
import { mixSeed, mulberry32, normalAt, smoothNoise, uniformAt } from '../random.ts';
import { channels, FAST_INTERVAL_MS, type ModelSimulator, type WaveformChannel } from './model-simulator.ts';
import { addCosine, addNoise } from './signal.ts';
import { faultSeverity, HOUR_MS, round, type SimulationContext, timelineDay } from './timeline.ts';

/** Supply frequency, Hz: held at exactly 50 so the supply falls on a bin of the 16,384-point spectrum. */
export const SUPPLY_HZ = 50;
/** Current capture: 5,120 Hz, 16,384 samples (3.2 s, 0.3125 Hz bins: 50 Hz is bin 160). */
export const CURRENT_SAMPLE_RATE_HZ = 5120;
export const CURRENT_SAMPLES = 16_384;
/** Sensor name of the stator-current captures of an MCA model. */
export const MCA_SENSOR = 'motor';
/** Poles of the demo motors; with 1470 rpm on 50 Hz the slip is 0.02. */
export const MOTOR_POLES = 4;
/** Slip s = (ns − n)/ns. */
export const MOTOR_SLIP = (120 * SUPPLY_HZ - MOTOR_POLES * MOTOR_SPEED_RPM) / (120 * SUPPLY_HZ);

/** Broken-bar sideband level of a sound rotor, dB below the supply component. */
export const HEALTHY_ROTOR_BAR_DB = -55;

/** Harmonic content of the drive-free supply, fraction of the fundamental: THD ≈ 3.1 %. */
const HARMONICS: readonly (readonly [order: number, fraction: number])[] = [
  [5, 0.024],
  [7, 0.016],
  [11, 0.009],
  [13, 0.006],
];
/** Negative-sequence fraction of the fundamental: the NEMA current unbalance, ≈ 0.9 %. */
const NEGATIVE_SEQUENCE = 0.009;
/** Static eccentricity sidebands fs ± fr, dB below the supply (under the −40 dB warning). */
const ECCENTRICITY_DB = -52;

const SCALAR_TAGS = [
  'current_unbalance',
  'thd_current',
  'voltage_unbalance',
  'ground_fault',
  'terminal_loose',
];
/** Sideband levels the server reads from the current spectra. */
const DERIVED_TAGS = [
  'broken_rotor_bar',
  'short_turn',
  'eccentric_airgap',
  'bearing_failure',
  'load_oscillation',
];

/**
 * The broken-bar sidebands a capture of `model` at instant t carries, dB below the supply component: the lower
 * fs(1 − 2s) and the upper fs(1 + 2s), 1.5 dB weaker. Tests compare the server's reading against these.
 */
export function injectedRotorBarDb(
  model: PlantModel,
  context: SimulationContext,
  t: number,
): { lowerDb: number; upperDb: number } {
  const key = mixSeed(context.seed, model.code);
  const fault = model.fault;
  const limit = sensorType(MODEL_TYPE.mca, 'broken_rotor_bar');
  const alarmRatio = (limit.alarm - HEALTHY_ROTOR_BAR_DB) / (limit.warning - HEALTHY_ROTOR_BAR_DB);
  const severity = fault ? faultSeverity(fault, timelineDay(context, t), alarmRatio) : 0;
  const trend = HEALTHY_ROTOR_BAR_DB - (fault ? 0 : 2) + severity * (limit.warning - HEALTHY_ROTOR_BAR_DB);
  const lowerDb = trend + 0.4 * normalAt(key, 'bar', t);
  return { lowerDb, upperDb: lowerDb - 1.5 };
}

/** Generator of an MCA model. */
export function motorCurrentSimulator(model: PlantModel, context: SimulationContext): ModelSimulator {
  const key = mixSeed(context.seed, model.code);
  const wander = (name: string, t: number) => smoothNoise(mixSeed(key, name), t, 8 * HOUR_MS);
  /** RMS stator current, A: a pump near rated load (190 A rated). */
  const currentRms = (t: number) => 172 + 4 * wander('load', t);

  const waveforms: WaveformChannel[] = (['a', 'b', 'c'] as const).map((channel) => ({
    sensor: MCA_SENSOR,
    kind: 'current',
    channel,
    sampleRate: CURRENT_SAMPLE_RATE_HZ,
    length: CURRENT_SAMPLES,
    unit: 'A',
    alias: `Phase ${channel.toUpperCase()}`,
  }));

  const capture = (t: number): Float32Array[] => {
    const random = mulberry32(mixSeed(key, 'capture', t));
    const amplitude = Math.SQRT2 * currentRms(t);
    const rotorHz = MOTOR_SPEED_RPM / 60;
    const bar = injectedRotorBarDb(model, context, t);
    const phases = {
      supply: 2 * Math.PI * random(),
      negative: 2 * Math.PI * random(),
      lower: 2 * Math.PI * random(),
      upper: 2 * Math.PI * random(),
      eccentric: 2 * Math.PI * random(),
      harmonics: HARMONICS.map(() => 2 * Math.PI * random()),
    };
    const level = (db: number) => amplitude * 10 ** (db / 20);
    return waveforms.map((_, k) => {
      const shift = (-2 * Math.PI * k) / 3;
      const out = new Float64Array(CURRENT_SAMPLES);
      const tone = (hz: number, a: number, phase: number) =>
        addCosine(out, CURRENT_SAMPLE_RATE_HZ, hz, a, phase);
      tone(SUPPLY_HZ, amplitude, phases.supply + shift);
      tone(SUPPLY_HZ, amplitude * NEGATIVE_SEQUENCE, phases.negative - shift);
      for (const [i, [order, fraction]] of HARMONICS.entries()) {
        tone(order * SUPPLY_HZ, amplitude * fraction, phases.harmonics[i]! + order * shift);
      }
      tone(SUPPLY_HZ * (1 - 2 * MOTOR_SLIP), level(bar.lowerDb), phases.lower + shift);
      tone(SUPPLY_HZ * (1 + 2 * MOTOR_SLIP), level(bar.upperDb), phases.upper + shift);
      tone(SUPPLY_HZ - rotorHz, level(ECCENTRICITY_DB), phases.eccentric + shift);
      tone(SUPPLY_HZ + rotorHz, level(ECCENTRICITY_DB - 1), phases.eccentric + shift);
      addNoise(out, random, 0.25);
      return new Float32Array(out);
    });
  };

  // Motors differ a little in their meters' idle readings.
  const meterOffset = 0.1 * uniformAt(key, 'meter');
  const sample = (t: number): Record<string, number> => ({
    current_unbalance: round(
      100 * NEGATIVE_SEQUENCE + meterOffset + 0.15 * wander('unbalance', t) + 0.04 * normalAt(key, 'u', t),
      2,
    ),
    thd_current: round(3.1 + 0.2 * wander('thd', t) + 0.05 * normalAt(key, 'thd', t), 2),
    voltage_unbalance: round(0.45 + 0.08 * wander('vu', t) + 0.02 * normalAt(key, 'vu', t), 2),
    ground_fault: round(0.06 + 0.01 * wander('ground', t) + 0.004 * normalAt(key, 'ground', t), 3),
    terminal_loose: round(0.3 + 0.05 * wander('terminal', t) + 0.02 * normalAt(key, 'terminal', t), 2),
  });

  return {
    model,
    scalars: channels(SCALAR_TAGS, FAST_INTERVAL_MS, true),
    sample,
    waveforms,
    capture,
    derivedTags: DERIVED_TAGS,
  };
}
