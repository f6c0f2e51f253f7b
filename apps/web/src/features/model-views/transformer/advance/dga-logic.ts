import type { TrDgaSample } from '@sdp/contracts';
import dayjs from 'dayjs';
import type { DuvalPoint } from '../../../../components/charts/duval-logic.ts';
import { parseCompanyDate, resolveTimeZone } from '../../../../lib/time.ts';

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

const TYPED_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A typed day ('DD/MM/YYYY', the portal's date field) and time ('HH:mm', 24 h) read in the company's zone, as an
 * ISO instant; undefined unless both are real.
 */
export function typedDateTimeToIso(day: string, time: string, timeZone: string): string | undefined {
  const iso = parseCompanyDate(day);
  if (!iso || !TYPED_TIME.test(time.trim())) return undefined;
  const instant = dayjs.tz(`${iso} ${time.trim()}`, resolveTimeZone(timeZone));
  return instant.isValid() ? instant.toISOString() : undefined;
}

/** Now in the company's zone as the calculator's fields show it: 'DD/MM/YYYY' and 'HH:mm'. */
export function nowTyped(now: Date, timeZone: string): { day: string; time: string } {
  const local = dayjs(now).tz(resolveTimeZone(timeZone));
  return { day: local.format('DD/MM/YYYY'), time: local.format('HH:mm') };
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
