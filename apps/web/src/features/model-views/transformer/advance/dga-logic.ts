import type { TrDgaSample } from '@sdp/contracts';
import dayjs from 'dayjs';
import type { DuvalPoint } from '../../../../components/charts/duval-logic.ts';
import { resolveTimeZone } from '../../../../lib/time.ts';

/** Days of DGA history the triangle shows by default: a season of daily samples, enough to see a zone move. */
export const DGA_HISTORY_DAYS = 90;

/** A stored sample as the triangle plots it. */
export function samplePoint(sample: TrDgaSample): DuvalPoint {
  return {
    time: Date.parse(sample.timeStamp),
    x: sample.x,
    y: sample.y,
    ch4: sample.ch4_cal,
    c2h4: sample.c2h4_cal,
    c2h2: sample.c2h2_cal,
    zone: sample.zone,
  };
}

/** The value of a datetime-local input ('YYYY-MM-DDTHH:mm') read in the company's zone, as an ISO instant. */
export function localDateTimeToIso(local: string, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return undefined;
  const instant = dayjs.tz(local.replace('T', ' '), resolveTimeZone(timeZone));
  return instant.isValid() ? instant.toISOString() : undefined;
}

/** Now in the company's zone as a datetime-local value. */
export function nowLocalDateTime(now: Date, timeZone: string): string {
  return dayjs(now).tz(resolveTimeZone(timeZone)).format('YYYY-MM-DDTHH:mm');
}

export interface GasInputs {
  ch4: string;
  c2h4: string;
  c2h2: string;
}

/**
 * The three gases of the calculator as numbers (ppm), or undefined when one is empty, not a number or negative
 * (spec 02 §5: all three are needed).
 */
export function parseGases(inputs: GasInputs): { ch4: number; c2h4: number; c2h2: number } | undefined {
  const read = (text: string) => {
    if (text.trim() === '') return undefined;
    const value = Number(text);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const ch4 = read(inputs.ch4);
  const c2h4 = read(inputs.c2h4);
  const c2h2 = read(inputs.c2h2);
  return ch4 === undefined || c2h4 === undefined || c2h2 === undefined ? undefined : { ch4, c2h4, c2h2 };
}
