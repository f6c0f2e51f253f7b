import type { FaultEvent } from '@sdp/contracts';
import { dateAndTime } from './fault-event-mail.ts';

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
];

const when = (iso: string | null, timeZone: string) => {
  if (!iso) return '';
  const { date, time } = dateAndTime(new Date(iso), timeZone);
  return `${date} ${time}`;
};

/** The fault events of a model as a workbook: 'New Fault Event Alarm' and 'Fault Event Alarm History' sheets. */
export async function faultEventsWorkbook(events: FaultEvent[], timeZone: string): Promise<Buffer> {
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
      ]);
    }
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
