import type { AlarmPrecision, FaultEvent } from '@sdp/contracts';
import { dateAndTime } from '../../lib/zoned-dates.ts';

const HEADERS = [
  'Date',
  'Time',
  'Alarm Message',
  'Alarm Type',
  'Alarm Value',
  'Warning Limit',
  'Alarm Limit',
  'Sensor',
  'Cause',
  'Recommendation',
  'Acknowledged',
  'Time acked',
  'Acked by',
  'Acked To',
  'Description',
  'Done',
  'Done by',
  'Done To',
  'Done description',
  'Outcome',
  'Failure mode found',
];

/** Outcomes and failure modes as the workbook names them (issue 25 item 5). */
const OUTCOME_WORDS: Record<string, string> = {
  fault_confirmed: 'Fault confirmed',
  no_fault_found: 'No fault found',
  planned_maintenance: 'Planned maintenance',
  other: 'Other',
};
const modeWords = (mode: string) => {
  const words = mode.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const PRECISION_HEADERS = [
  'Scope',
  'Closed with an outcome',
  'Fault confirmed',
  'No fault found',
  'Planned maintenance',
  'Other',
  'Precision (%)',
  'Confirmed faults warned first',
  'Median lead (days)',
];

const when = (iso: string | null, timeZone: string) => {
  if (!iso) return '';
  const { date, time } = dateAndTime(new Date(iso), timeZone);
  return `${date} ${time}`;
};

/**
 * The fault events of a model as a workbook: 'New Fault Event Alarm' and 'Fault Event Alarm History' sheets, and with
 * `precision` an 'Alarm Precision' sheet: the model's and each failure mode's figures (issue 25 item 5).
 */
export async function faultEventsWorkbook(
  events: FaultEvent[],
  timeZone: string,
  precision?: AlarmPrecision,
): Promise<Buffer> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheets = [
    ['New Fault Event Alarm', events.filter((event) => !event.isDone)],
    ['Fault Event Alarm History', events.filter((event) => event.isDone)],
  ] as const;
  for (const [name, rows] of sheets) {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(HEADERS).font = { bold: true };
    for (const event of rows) {
      const { date, time } = dateAndTime(new Date(event.eventDate), timeZone);
      sheet.addRow([
        date,
        time,
        event.alarmMessage,
        event.alarmType === 2 ? 'Alarm' : 'Warning',
        event.alarmValue,
        event.warningLimit,
        event.alarmLimit,
        event.sensorId,
        event.cause,
        event.recommendation,
        event.isAcknowledged ? 'Yes' : 'No',
        when(event.acknowledgedAt, timeZone),
        event.acknowledged_by_user?.name || event.acknowledged_by_user?.email || '',
        event.acknowledged_to_user.map((p) => p.email).join(', '),
        event.acknowledged_msg ?? '',
        when(event.doneAt, timeZone),
        event.done_by_user?.name || event.done_by_user?.email || '',
        event.done_to_user.map((p) => p.email).join(', '),
        event.done_msg ?? '',
        event.outcome ? (OUTCOME_WORDS[event.outcome] ?? event.outcome) : '',
        event.outcomeFailureMode ? modeWords(event.outcomeFailureMode) : '',
      ]);
    }
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
  }
  if (precision) {
    const sheet = workbook.addWorksheet('Alarm Precision');
    sheet.addRow(PRECISION_HEADERS).font = { bold: true };
    const rows = [
      ['All events', precision.total] as const,
      ...precision.failureModes.map((row) => [`Confirmed: ${modeWords(row.failureMode)}`, row] as const),
    ];
    for (const [scope, row] of rows)
      sheet.addRow([
        scope,
        row.closed,
        row.confirmed,
        row.noFault,
        row.planned,
        row.other,
        row.precision === null ? '' : Math.round(row.precision * 1000) / 10,
        row.warnedFirst,
        row.medianLeadDays ?? '',
      ]);
    sheet.addRow([]);
    sheet.addRow([
      'Precision = confirmed faults ÷ events closed with an outcome. Warned first: a Warning came before the first Alarm; lead: days from it to the Alarm (or to the close).',
    ]);
    sheet.getColumn(1).width = 34;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
