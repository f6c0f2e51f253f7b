/**
 * Variable-speed drive of a cooling-tower fan (model type 3): drive readings and the temperatures of its
 * DC-link capacitors and cooling fan, from which the server computes remaining life (10 °C rule and Miner,
 * ANALYTICS.md §5). The faulty drive's capacitors age: ESR rises, so do the DC ripple and the core
 * temperature, and the remaining life falls through 20 % and 10 %.
 */

import type { PlantModel } from '../plant.ts';
import { mixSeed, normalAt, smoothNoise, uniformAt } from '../random.ts';
import { channels, FAST_INTERVAL_MS, type ModelSimulator } from './model-simulator.ts';
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

  const sample = (t: number): Record<string, number> => {
    const hour = localHour(context, t);
    const severity = fault ? faultSeverity(fault, timelineDay(context, t), CAPACITOR_AGEING_RATIO) : 0;
    // Cooling demand follows the afternoon heat.
    const load =
      0.62 +
      0.1 * Math.cos((2 * Math.PI * (hour - 15)) / 24) +
      0.04 * smoothNoise(mixSeed(key, 'load'), t, 3 * HOUR_MS);
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

  return {
    model,
    scalars: channels([...DRIVE_TAGS, ...Object.values(LIFE_TEMPERATURE_TAGS)], FAST_INTERVAL_MS, true),
    sample,
    waveforms: [],
    capture: () => [],
    derivedTags: Object.keys(LIFE_TEMPERATURE_TAGS),
  };
}
