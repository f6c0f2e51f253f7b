type Language = 'en' | 'th';

/** The count words of the mails, English and Thai (issue 27 item 5). */
const COUNTS: Record<Language, (alarms: number, warnings: number) => string> = {
  en: (alarms, warnings) =>
    `${alarms} ${alarms === 1 ? 'alarm' : 'alarms'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`,
  th: (alarms, warnings) => `แจ้งเตือนอันตราย ${alarms} ครั้ง เตือน ${warnings} ครั้ง`,
};

/** 'N alarms, M warnings' with proper plurals in English or Thai: the digests' and the report mails' count line. */
export function alarmCounts(alarms: number, warnings: number, language: Language): string {
  return COUNTS[language](alarms, warnings);
}
