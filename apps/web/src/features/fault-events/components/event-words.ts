import {
  diagnosisWords,
  eventAlarmMessage,
  type FaultEvent,
  type FaultEventEvidence,
  measurementName,
} from '@sdp/contracts';
import type { TFunction } from 'i18next';
import { twoDecimals } from './event-time.ts';

const narrow = (language: string) => (language.startsWith('th') ? 'th' : 'en');

/**
 * An event's alarm message in the reader's language (issue 27 item 5): one the analysis wrote ('Alarm: Motor DE
 * velocity 4.639 (limit 4.5)') is said in Thai, a Duval zone event's from its stored diagnosis as its cause is; a
 * workbook's or a person's message stays as written.
 */
export function eventMessage(
  event: { alarmMessage: string; diagnosis?: FaultEvent['diagnosis'] },
  language: string,
): string {
  return eventAlarmMessage(event.alarmMessage, event.diagnosis, narrow(language));
}

/**
 * What an event says is wrong and what to do, in the reader's language (issue 26 item 2): from the diagnosis the
 * server stored at alarm time when there is one, else the stored texts ('-' when empty). The sensor by its name.
 */
export function eventWords(
  event: Pick<FaultEvent, 'cause' | 'recommendation' | 'diagnosis' | 'sensorId'>,
  evidence: FaultEventEvidence | null | undefined,
  language: string,
) {
  const diagnosis = event.diagnosis ?? evidence?.diagnosis ?? null;
  const said = diagnosis ? diagnosisWords(diagnosis, narrow(language)) : null;
  return {
    sensor: measurementName(diagnosis?.quantity || evidence?.name || event.sensorId, narrow(language)),
    failureMode: said?.failureMode || evidence?.failureMode || '',
    cause: said?.cause || event.cause || '-',
    recommendation: said?.recommendation || event.recommendation || '-',
  };
}

/**
 * An event's value as its details show it: with its unit where the event knows it (its diagnosis, else its evidence)
 * and the warning and alarm limits where it has any ('4.64 mm/s (Warning limit: 4.50 · Alarm limit: 5.00)'; a Duval
 * zone event, which crosses no limit, '44.88 %').
 */
export function eventValueText(
  event: Pick<FaultEvent, 'alarmValue' | 'warningLimit' | 'alarmLimit' | 'diagnosis'>,
  evidence: FaultEventEvidence | null | undefined,
  t: TFunction,
): string {
  const unit = event.diagnosis?.unit || evidence?.unit || '';
  const value = unit ? `${twoDecimals(event.alarmValue)} ${unit}` : twoDecimals(event.alarmValue);
  if (event.warningLimit === null && event.alarmLimit === null) return value;
  const limits = t('faultEvents.limits', {
    warning: twoDecimals(event.warningLimit),
    alarm: twoDecimals(event.alarmLimit),
  });
  return `${value} (${limits})`;
}
