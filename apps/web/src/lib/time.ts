import dayjs from 'dayjs';
import 'dayjs/locale/th';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { env } from '../config/env.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Days before the end date from which a company's expiry is flagged in red (spec 01 §9). */
export const EXPIRY_WARNING_DAYS = 30;

/**
 * One formatter per zone name asked for, reading an instant's wall-clock fields there (24-hour); null for a name the
 * browser does not know. Building one cost ~0.1 ms each time, and every render of the app frame, the clock and each
 * table row asks (issue 29: 155 ms of a model page's load on a phone); it both tells a valid name and reads offsets.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat | null>();

function wallClock(timeZone: string): Intl.DateTimeFormat | null {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone name must not break the page: its times are shown in the default zone.
      format = null;
    }
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The zone times are shown in: the company's own, else the configured default (Asia/Bangkok). */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return timeZone && wallClock(timeZone) ? timeZone : env.defaultTimeZone;
}

/** Loads the browser's time-zone data now (the first zoned formatter does), so a later first zoned date is quick. */
export function loadTimeZoneData(): void {
  wallClock(env.defaultTimeZone);
}

/**
 * The zone's offset from UTC at an instant, in minutes (DST and historical rules as the browser's ICU data has them).
 * One cached formatter per zone: dayjs's own `.tz()` calls `Date.toLocaleString` with the zone, which builds a new
 * ICU formatter on every call (issue 29: a zoned time per alarm card and per table row).
 */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const format = wallClock(timeZone);
  if (!format) return 0;
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(instant)) field[part.type] = Number(part.value);
  const wall = Date.UTC(
    field.year ?? 1970,
    (field.month ?? 1) - 1,
    field.day ?? 1,
    field.hour ?? 0,
    field.minute ?? 0,
    field.second ?? 0,
  );
  // The wall clock has whole seconds: compare it with the instant's whole second.
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * An instant as a dayjs that formats in a zone (the company's, else the default): its fields are the zone's wall
 * clock. Same results as `dayjs(instant).tz(zone)` for formatting.
 */
export function inZone(instant: string | number | Date, timeZone: string | null | undefined): dayjs.Dayjs {
  const at = dayjs(instant);
  if (!at.isValid()) return at;
  const offset = zoneOffsetMinutes(at.valueOf(), resolveTimeZone(timeZone));
  // dayjs reads an offset of ±16 or less as hours; no zone has had one that small but 0 since the 1840s.
  return Math.abs(offset) <= 16 ? at.utc() : at.utcOffset(offset);
}

/** Header clock parts for an instant in a zone: day name ('Monday') and 'DD MMMM YYYY HH:mm'. */
export function formatHeaderClock(
  instant: Date,
  timeZone: string,
  locale: string,
): { dayName: string; dateTime: string } {
  const local = inZone(instant, timeZone).locale(locale);
  return { dayName: local.format('dddd'), dateTime: local.format('DD MMMM YYYY HH:mm') };
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in a zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  return inZone(instant, timeZone).format('YYYY-MM-DD');
}

/** A stored company date ('YYYY-MM-DD') as the portal displays it: 'DD/MM/YYYY'. */
export function formatCompanyDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A typed 'DD/MM/YYYY' as the stored 'YYYY-MM-DD', or undefined when it is not a real calendar date. */
export function parseCompanyDate(display: string): string | undefined {
  const match = DISPLAY_DATE.exec(display.trim());
  if (!match) return undefined;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  // dayjs rolls 31/02 over into March; a real date formats back to itself.
  return dayjs.utc(iso).format('YYYY-MM-DD') === iso ? iso : undefined;
}

/** An instant as a date in a zone, 'DD/MM/YYYY' (Latest Date of the admin table). */
export function formatDateIn(instant: string, timeZone: string): string {
  return inZone(instant, timeZone).format('DD/MM/YYYY');
}

/** An instant as date and time in a zone, 'DD/MM/YYYY HH:mm'. */
export function formatDateTimeIn(instant: string, timeZone: string): string {
  return inZone(instant, timeZone).format('DD/MM/YYYY HH:mm');
}

/** An instant as the notes and fault events show it in a zone, 'DD MMM YYYY, HH:mm' (spec 03 §2.15). */
export function formatDayTimeIn(instant: string | number, timeZone: string): string {
  return inZone(instant, timeZone).format('DD MMM YYYY, HH:mm');
}

/** Whole calendar days from `today` to `endDate` (both 'YYYY-MM-DD'); negative once the end date has passed. */
export function daysUntil(endDate: string, today: string): number {
  return dayjs.utc(endDate).diff(dayjs.utc(today), 'day');
}

/** Expiry state of a company on a given day: expired after its end date, flagged within 30 days of it. */
export function companyExpiry(
  endDate: string,
  today: string,
): {
  daysLeft: number;
  expired: boolean;
  flagged: boolean;
} {
  const daysLeft = daysUntil(endDate, today);
  return { daysLeft, expired: daysLeft < 0, flagged: daysLeft <= EXPIRY_WARNING_DAYS };
}
