/**
 * Variable-speed drive of a cooling-tower fan (model type 3): drive readings and the temperatures of its
 * DC-link capacitors and cooling fan, from which the server computes remaining life (10 °C rule and Miner,
 * ANALYTICS.md §5). The faulty drive's capacitors age: ESR rises, so do the DC ripple and the core
 * temperature, and the remaining life falls through 20 % and 10 %. Once a day (hourly while live) it captures
 * its three output currents for Current Analysis: the fundamental at the output frequency, the 5th and 7th
 * harmonics of a six-pulse front end, and sidebands at the output frequency ± 300 Hz from the DC-link ripple,
 * which grow with the capacitors' ESR.
 */

import type { PlantModel } from '../plant.ts';
import { mixSeed, mulberry32, normalAt, smoothNoise, uniformAt } from '../random.ts';
import { channels, FAST_INTERVAL_MS, type ModelSimulator, type WaveformChannel } from './model-simulator.ts';
import { addCosine, addNoise } from './signal.ts';
import {
  ambientTemperatureC,
  faultSeverity,
  HOUR_MS,
  localHour,
  round,
  type SimulationContext,
  timelineDay,
} from './timeline.ts';

/**
 * Temperature series behind the remaining-life rows: `<row tagCode>.temperature` (°C), accepted by the server
 * besides the monitored tags, which it turns into the `dc_link_capacitor` and `cooling_fan` remaining life (%).
 */
export const LIFE_TEMPERATURE_TAGS = {
  dc_link_capacitor: 'dc_link_capacitor.temperature',
  cooling_fan: 'cooling_fan.temperature',
} as const;

/** Rise of the ageing capacitors' core temperature per unit of fault severity, K. */
export const CAPACITOR_AGEING_RISE_K = 22;
/** Shape of the ageing: severity on the alarm day relative to the warning day. */
export const CAPACITOR_AGEING_RATIO = 1.55;

/** Sensor name of the drive's output-current captures. */
export const VSD_SENSOR = 'vsd';
/** Output-current capture: 5,120 Hz, 4,096 samples (0.8 s, 1.25 Hz bins). */
export const VSD_SAMPLE_RATE_HZ = 5120;
export const VSD_SAMPLES = 4096;
/** DC-link ripple of a six-pulse rectifier on 50 Hz mains, Hz: it modulates the output current. */
export const DC_RIPPLE_HZ = 300;
/** Level of the ripple sidebands relative to the fundamental, dB, for healthy capacitors. */
export const HEALTHY_RIPPLE_SIDEBAND_DB = -52;

/** Output frequency of the fan drive, Hz: fan power goes with speed cubed, so speed with load^(1/3). */
export function driveOutputHz(load: number): number {
  return 50 * Math.cbrt(load);
}

const DRIVE_TAGS = [
  'dc_bus_voltage',
  'heatsink_temperature',
  'output_current',
  'control_card_temperature',
  'dc_ripple',
  'motor_load',
  'cabinet_temperature',
];

/** Generator of a VCA model. */
export function driveSimulator(model: PlantModel, context: SimulationContext): ModelSimulator {
  const key = mixSeed(context.seed, model.code);
  const fault = model.fault;
  const cabinetOffset = 3.5 + uniformAt(key, 'cabinet');

  const severityAt = (t: number) =>
    fault ? faultSeverity(fault, timelineDay(context, t), CAPACITOR_AGEING_RATIO) : 0;
  // Cooling demand follows the afternoon heat.
  const loadAt = (t: number) =>
    0.62 +
    0.1 * Math.cos((2 * Math.PI * (localHour(context, t) - 15)) / 24) +
    0.04 * smoothNoise(mixSeed(key, 'load'), t, 3 * HOUR_MS);

  const sample = (t: number): Record<string, number> => {
    const severity = severityAt(t);
    const load = loadAt(t);
    const ambient = ambientTemperatureC(context, t);
    const cabinet = ambient + cabinetOffset + 2 * load + 0.2 * normalAt(key, 'cabinet', t);
    // ESR grows with ageing; ripple current through it heats the core and shows as DC ripple.
    const esr = 1 + 0.45 * severity;
    const capacitor = cabinet + 34 + 12 * (load - 0.62) + CAPACITOR_AGEING_RISE_K * severity;
    return {
      dc_bus_voltage: round(560 - 12 * load + 1.5 * normalAt(key, 'dc', t), 1),
      heatsink_temperature: round(cabinet + 12 + 14 * load * load + 0.4 * normalAt(key, 'heatsink', t), 1),
      output_current: round(160 * load + 25 + 1.2 * normalAt(key, 'current', t), 1),
      control_card_temperature: round(cabinet + 7 + 0.3 * normalAt(key, 'card', t), 1),
      dc_ripple: round(4.2 * esr * (0.7 + 0.5 * load) + 0.15 * normalAt(key, 'ripple', t), 2),
      motor_load: round(100 * load, 1),
      cabinet_temperature: round(cabinet, 1),
      [LIFE_TEMPERATURE_TAGS.dc_link_capacitor]: round(capacitor + 0.3 * normalAt(key, 'capacitor', t), 1),
      [LIFE_TEMPERATURE_TAGS.cooling_fan]: round(cabinet + 2 + 0.3 * normalAt(key, 'fan', t), 1),
    };
  };

  const waveforms: WaveformChannel[] = (['a', 'b', 'c'] as const).map((channel) => ({
    sensor: VSD_SENSOR,
    kind: 'current',
    channel,
    sampleRate: VSD_SAMPLE_RATE_HZ,
    length: VSD_SAMPLES,
    unit: 'A',
    alias: `Output current ${channel.toUpperCase()}`,
  }));

  const capture = (t: number): Float32Array[] => {
    const random = mulberry32(mixSeed(key, 'capture', t));
    const load = loadAt(t);
    const outputHz = driveOutputHz(load);
    const amplitude = Math.SQRT2 * (160 * load + 25);
    // Ripple through a higher ESR: +6 dB per unit of ageing severity.
    const sideband = amplitude * 10 ** ((HEALTHY_RIPPLE_SIDEBAND_DB + 6 * severityAt(t)) / 20);
    const phases = [random(), random(), random(), random(), random()].map((u) => 2 * Math.PI * u);
    return waveforms.map((_, k) => {
      const shift = (-2 * Math.PI * k) / 3;
      const out = new Float64Array(VSD_SAMPLES);
      addCosine(out, VSD_SAMPLE_RATE_HZ, outputHz, amplitude, phases[0]! + shift);
      addCosine(out, VSD_SAMPLE_RATE_HZ, 5 * outputHz, 0.04 * amplitude, phases[1]! - 5 * shift);
      addCosine(out, VSD_SAMPLE_RATE_HZ, 7 * outputHz, 0.03 * amplitude, phases[2]! + 7 * shift);
      addCosine(out, VSD_SAMPLE_RATE_HZ, DC_RIPPLE_HZ - outputHz, sideband, phases[3]! - shift);
      addCosine(out, VSD_SAMPLE_RATE_HZ, DC_RIPPLE_HZ + outputHz, sideband, phases[4]! + shift);
      addNoise(out, random, 0.2);
      return new Float32Array(out);
    });
  };

  return {
    model,
    scalars: channels([...DRIVE_TAGS, ...Object.values(LIFE_TEMPERATURE_TAGS)], FAST_INTERVAL_MS, true),
    sample,
    waveforms,
    capture,
    derivedTags: Object.keys(LIFE_TEMPERATURE_TAGS),
  };
}
