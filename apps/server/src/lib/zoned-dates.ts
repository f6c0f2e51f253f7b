type Language = 'en' | 'th';

/** Short month names as the web app shows them (dayjs 'en' and 'th'): 'Nov', 'พ.ย.'. */
const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
};

/**
 * The calendar and clock fields of an instant in a time zone, each zero-padded ('05', '2026', '14'): what every
 * date the server writes (mails, reports, exports, MCA capture aliases) is built from.
 */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/**
 * An instant in a time zone as mails write it in the reader's language, the same way the web app shows dates
 * (issue 27 item 5): the day 'DD MMM YYYY' ('26 Nov 2026', '26 พ.ย. 2026'), the time 'HH:mm' and both together
 * ('26 Nov 2026, 14:05'), as the fault events and notes read (spec 03 §2.15).
 */
export function mailDate(instant: Date, timeZone: string, language: Language) {
  const parts = zonedParts(instant, timeZone);
  const date = `${parts.day} ${MONTHS[language][Number(parts.month) - 1]} ${parts.year}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { date, time, dateTime: `${date}, ${time}` };
}

/** 'DD/MM/YYYY HH:mm' in a time zone: the report PDF's times. */
export function localTime(instant: Date, timeZone: string): string {
  const { day, month, year, hour, minute } = zonedParts(instant, timeZone);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** DD-MM-YYYY and HH:mm of an instant in a time zone: the fault events export's Date and Time columns. */
export function dateAndTime(instant: Date, timeZone: string) {
  const { day, month, year, hour, minute } = zonedParts(instant, timeZone);
  return { date: `${day}-${month}-${year}`, time: `${hour}:${minute}` };
}
