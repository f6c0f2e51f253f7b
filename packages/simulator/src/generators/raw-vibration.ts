/**
 * Raw vibration sensors (model type 5) on a pump train: triaxial acceleration captures (m/s², 25.6 kHz,
 * 16,384 samples) once a day, and temperature and battery readings. The faulty pump's drive-end bearing
 * grows an outer-race defect: impacts at BPFO ring a 3.1 kHz structural resonance, visible as a BPFO peak
 * in the envelope spectrum and as rising acceleration RMS (ANALYTICS.md §2.1, §3.2).
 */
import { bearingDefectFrequencies } from '@sdp/analytics';
import { MODEL_TYPE, sensorType } from '../master-data.ts';
import { type PlantModel, PUMP_SPEED_RPM, PUMP_TRAIN_BEARINGS, pumpSensorIds } from '../plant.ts';
import { gaussian, mixSeed, mulberry32, normalAt } from '../random.ts';
import {
  channels,
  FAST_INTERVAL_MS,
  type ModelSimulator,
  SLOW_INTERVAL_MS,
  type WaveformChannel,
} from './model-simulator.ts';
import { addCosine, addNoise, addRingingImpacts, type Impact } from './signal.ts';
import {
  ambientTemperatureC,
  faultSeverity,
  round,
  type SimulationContext,
  timelineDay,
} from './timeline.ts';

/** Vibration capture: 25.6 kHz, 16,384 samples (0.64 s, envelope bins of 1.5625 Hz). */
export const VIBRATION_SAMPLE_RATE_HZ = 25_600;
export const VIBRATION_SAMPLES = 16_384;
/** The structural resonance the bearing impacts excite, Hz, and its damping ratio. */
export const BEARING_RESONANCE_HZ = 3100;
const RESONANCE_DAMPING = 0.05;
/** Broadband acceleration noise of a sound machine, m/s² RMS. */
const NOISE_RMS = 0.45;
/** How strongly each axis (H, V, A) sees the bearing impacts; the load zone is vertical. */
const IMPACT_AXIS_GAIN = [0.7, 1, 0.35] as const;
/** Velocity amplitude (mm/s, peak) of the 1× and 2× orders and the pump's vane pass (6×) per axis H, V, A. */
const ORDERS_MM_S: readonly (readonly [order: number, h: number, v: number, a: number])[] = [
  [1, 1.5, 1.1, 0.6],
  [2, 0.5, 0.4, 0.35],
  [6, 0.3, 0.25, 0.15],
];
const AXES = ['x', 'y', 'z'] as const;
const AXIS_LABELS = { x: 'H', y: 'V', z: 'A' } as const;

/**
 * How the defect shows in the envelope (issue 26 item 3: one story per machine). A young outer-race defect is
 * rough and scattered: most of its impact energy comes at random times, which lifts the acceleration RMS and the
 * envelope spectrum's background but forms no line. As the spall forms, the impacts lock to BPFO. The share of the
 * impact energy that repeats at BPFO is min(1, 0.35·s^1.2), s the fault severity (1 on the warning day, see
 * faultSeverity), so the envelope's BPFO line crosses the failure-mode warning (14 dB) and alarm (20 dB) lines of
 * the diagnosis within days of the acceleration's warning and alarm, instead of standing at 35 dB from the day
 * after onset while the status read normal for two months.
 */
export const PERIODIC_SHARE_AT_WARNING = 0.35;
const PERIODIC_SHARE_EXPONENT = 1.2;

/** Ball pass frequency of the outer race of the faulty pump bearing (6309 at 1480 rpm), Hz. */
export const PUMP_BPFO_HZ = bearingDefectFrequencies(PUMP_TRAIN_BEARINGS.pump, PUMP_SPEED_RPM).bpfo;

/**
 * Acceleration RMS (m/s²) of a sound sensor's vertical axis: noise and the orders, √(σ² + Σ(a_i²/2)).
 * The fault's indicator starts from here.
 */
export const HEALTHY_ACCELERATION_RMS = Math.sqrt(
  NOISE_RMS ** 2 +
    ORDERS_MM_S.reduce(
      (sum, [order, , v]) => sum + ((v / 1000) * 2 * Math.PI * order * (PUMP_SPEED_RPM / 60)) ** 2 / 2,
      0,
    ),
);

/** Generator of an RVS model. */
export function rawVibrationSimulator(model: PlantModel, context: SimulationContext): ModelSimulator {
  const key = mixSeed(context.seed, model.code);
  const fault = model.fault;
  const sensorIds = pumpSensorIds(model.tagCode);
  const limit = sensorType(MODEL_TYPE.rvs, 'acceleration');
  const alarmRatio = (limit.alarm - HEALTHY_ACCELERATION_RMS) / (limit.warning - HEALTHY_ACCELERATION_RMS);
  const shaftHz = PUMP_SPEED_RPM / 60;
  // Mean square of a unit impact train at BPFO: rate/(4ζω) (signal.ts).
  const impactRms = Math.sqrt(PUMP_BPFO_HZ / (4 * RESONANCE_DAMPING * 2 * Math.PI * BEARING_RESONANCE_HZ));

  /** Impact amplitude (m/s², on the vertical axis) that lifts its acceleration RMS along the fault curve. */
  const impactAmplitude = (t: number) => {
    if (!fault) return 0;
    const severity = faultSeverity(fault, timelineDay(context, t), alarmRatio);
    const target = HEALTHY_ACCELERATION_RMS + severity * (limit.warning - HEALTHY_ACCELERATION_RMS);
    return Math.sqrt(target * target - HEALTHY_ACCELERATION_RMS ** 2) / impactRms;
  };

  const waveforms: WaveformChannel[] = sensorIds.flatMap((sensor, s) =>
    AXES.map((channel) => ({
      sensor,
      kind: 'vibration' as const,
      channel,
      sampleRate: VIBRATION_SAMPLE_RATE_HZ,
      length: VIBRATION_SAMPLES,
      unit: 'm/s²',
      alias: `${s === 0 ? 'Motor DE' : 'Pump DE'} ${AXIS_LABELS[channel]}`,
    })),
  );

  /** Share of the impact energy that repeats at BPFO on instant `t` ({@link PERIODIC_SHARE_AT_WARNING}). */
  const periodicShare = (t: number) =>
    fault
      ? Math.min(
          1,
          PERIODIC_SHARE_AT_WARNING *
            faultSeverity(fault, timelineDay(context, t), alarmRatio) ** PERIODIC_SHARE_EXPONENT,
        )
      : 1;

  const capture = (t: number): Float32Array[] => {
    const amplitude = impactAmplitude(t);
    return sensorIds.flatMap((sensor) => {
      const random = mulberry32(mixSeed(key, sensor, t));
      const faulty = fault?.sensorId === sensor && amplitude > 0;
      // One impact train per capture, seen by every axis: ±0.3 % timing jitter, ±10 % strength; and as many
      // impacts at random times (random sign), which carry the rest of the energy (the rough, young defect).
      const impacts: Impact[] = [];
      if (faulty) {
        const period = 1 / PUMP_BPFO_HZ;
        const share = periodicShare(t);
        const periodic = amplitude * Math.sqrt(share);
        const rough = amplitude * Math.sqrt(1 - share);
        for (
          let time = period * random();
          time < VIBRATION_SAMPLES / VIBRATION_SAMPLE_RATE_HZ;
          time += period
        ) {
          impacts.push({
            timeS: time + 0.003 * period * gaussian(random),
            amplitude: periodic * (1 + 0.1 * gaussian(random)),
          });
          impacts.push({
            timeS: (VIBRATION_SAMPLES / VIBRATION_SAMPLE_RATE_HZ) * random(),
            amplitude: rough * (random() < 0.5 ? -1 : 1) * (1 + 0.1 * gaussian(random)),
          });
        }
      }
      const shaftPhase = 2 * Math.PI * random();
      return AXES.map((_, axis) => {
        const out = new Float64Array(VIBRATION_SAMPLES);
        for (const [order, ...perAxis] of ORDERS_MM_S) {
          const hz = order * shaftHz;
          const accelerationPeak = (perAxis[axis]! / 1000) * 2 * Math.PI * hz;
          addCosine(out, VIBRATION_SAMPLE_RATE_HZ, hz, accelerationPeak, order * shaftPhase + axis * 0.9);
        }
        addNoise(out, random, NOISE_RMS);
        if (faulty) {
          const gain = IMPACT_AXIS_GAIN[axis]!;
          const scaled = impacts.map((impact) => ({
            timeS: impact.timeS,
            amplitude: gain * impact.amplitude,
          }));
          addRingingImpacts(out, VIBRATION_SAMPLE_RATE_HZ, scaled, BEARING_RESONANCE_HZ, RESONANCE_DAMPING);
        }
        return new Float32Array(out);
      });
    });
  };

  const sample = (t: number): Record<string, number> => {
    const ambient = ambientTemperatureC(context, t);
    const day = timelineDay(context, t);
    const values: Record<string, number> = {};
    for (const [s, sensor] of sensorIds.entries()) {
      const point = mixSeed(key, sensor);
      // A failing bearing runs warmer; the rise is small next to the 80 °C limit.
      const friction =
        fault?.sensorId === sensor ? 1.5 * Math.min(3, faultSeverity(fault, day, alarmRatio)) : 0;
      values[`${sensor}.temperature`] = round(
        ambient + (s === 0 ? 14 : 10) + friction + 0.3 * normalAt(point, 'T', t),
        1,
      );
      const battery = 97 - 2 * s - 0.22 * Math.max(0, day) + 0.1 * normalAt(point, 'battery', t);
      values[`${sensor}.battery`] = round(Math.min(100, Math.max(0, battery)), 1);
    }
    return values;
  };

  return {
    model,
    scalars: sensorIds.flatMap((sensor) => [
      ...channels([`${sensor}.temperature`], FAST_INTERVAL_MS, true),
      ...channels([`${sensor}.battery`], SLOW_INTERVAL_MS, false),
    ]),
    sample,
    waveforms,
    capture,
    derivedTags: sensorIds.flatMap((sensor) =>
      ['acceleration', 'velocity', 'envelope'].flatMap((quantity) =>
        AXES.map((axis) => `${sensor}.${quantity}.${axis}`),
      ),
    ),
  };
}
