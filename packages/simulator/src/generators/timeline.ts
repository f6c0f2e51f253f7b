/**
 * Time on the demo timeline: day numbers, the plant's local hour, how a fault grows, and the site's weather.
 * Day 0 is the `origin` instant (first day of history); on the first start day 90 is 'now'.
 */
import { FAULT_PLATEAU_DAY, type PlantFault } from '../plant.ts';
import { mixSeed, normalAt, smoothNoise } from '../random.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** What every generator needs besides the model: the seed, day 0 of the timeline (epoch ms), the local offset. */
export interface SimulationContext {
  readonly seed: number;
  /** Epoch milliseconds of timeline day 0. */
  readonly origin: number;
  /** Hours to add to UTC for the plant's local time (daily load and weather cycles). */
  readonly utcOffsetHours: number;
}

/** Timeline day of instant `t` (epoch ms), fractional. */
export function timelineDay(context: SimulationContext, t: number): number {
  return (t - context.origin) / DAY_MS;
}

/** Local hour of day 0–24 at instant `t`. */
export function localHour(context: SimulationContext, t: number): number {
  const hours = t / HOUR_MS + context.utcOffsetHours;
  return ((hours % 24) + 24) % 24;
}

/** Local day of week at instant `t`, 0 = Sunday (1970-01-01 was a Thursday). */
export function localWeekday(context: SimulationContext, t: number): number {
  const days = Math.floor((t / HOUR_MS + context.utcOffsetHours) / 24);
  return (((days + 4) % 7) + 7) % 7;
}

/**
 * Severity of a fault on timeline day `day`: 0 until onset, then the power law
 * s = ((d − onset)/(warningDay − onset))^p, so s = 1 on the warning day and s = `alarmRatio` on the alarm day
 * (p = ln(alarmRatio)/ln((alarmDay − onset)/(warningDay − onset))). Growth stops at {@link FAULT_PLATEAU_DAY}.
 * A caller maps s linearly onto its indicator: indicator = base + s·(warning − base), with
 * alarmRatio = (alarm − base)/(warning − base).
 */
export function faultSeverity(fault: PlantFault, day: number, alarmRatio: number): number {
  const since = Math.min(day, FAULT_PLATEAU_DAY) - fault.onsetDay;
  if (since <= 0) return 0;
  const span = fault.warningDay - fault.onsetDay;
  const exponent = Math.log(alarmRatio) / Math.log((fault.alarmDay - fault.onsetDay) / span);
  return (since / span) ** exponent;
}

/**
 * Ambient air temperature at the site (°C), Map Ta Phut: 29.5 °C mean, ±3.5 °C daily swing peaking at 15:00
 * local, weather wandering ±1.5 °C over days, ±0.2 °C reading noise.
 */
export function ambientTemperatureC(context: SimulationContext, t: number): number {
  const hour = localHour(context, t);
  const weatherKey = mixSeed(context.seed, 'ambient');
  return (
    29.5 +
    3.5 * Math.cos((2 * Math.PI * (hour - 15)) / 24) +
    1.5 * smoothNoise(weatherKey, t, 2 * DAY_MS) +
    0.2 * normalAt(weatherKey, t)
  );
}

/** Round to `decimals` places (values go over the wire as readings would). */
export function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
