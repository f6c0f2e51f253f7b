/// <reference path="./svg-to-pdfkit.d.ts" />
import { createRequire } from 'node:module';
import type { PrecisionFigures, ReportKind } from '@sdp/contracts';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { localTime } from '../../lib/zoned-dates.ts';
import {
  STATUS_COLOUR,
  spectrumSvg,
  statusHistorySvg,
  type TrendChart,
  trendChartSvg,
} from './report-charts.ts';
import type { ReportEvent, ReportNote } from './reports.repository.ts';

// Sarabun (SIL OFL) carries Thai and Latin glyphs in one face, shipped by npm: no system font is needed.
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf');

export interface ReportData {
  kind: ReportKind;
  company: { title: string; logo: Buffer | null };
  model: {
    title: string;
    code: string;
    type: string;
    tagCode: string;
    tagAlias: string | null;
    status: number;
  };
  period: { from: Date; to: Date; timeZone: string };
  generatedAt: Date;
  configuration: { title: string; value: string; unit: string }[];
  statusDays: { day: string; status: number }[];
  indicators: TrendChart[];
  /** Each with its tag's name as the fault-event page shows it ('Pump DE envelope V'). */
  events: (ReportEvent & { name: string })[];
  notes: ReportNote[];
  recommendations: string[];
  /** RVS only: the latest spectrum of each sensor with fault-frequency marks, and the failures they point to. */
  spectra?: {
    title: string;
    unit: string;
    frequencies: number[];
    amplitudes: number[];
    marks: { hz: number; label: string }[];
  }[];
  predictedFailures?: { sensor: string; failure: string; evidence: string; level: number }[];
  /** RVS only: the machine diagram uploaded in the model settings (jpeg or png), or null when there is none. */
  diagram?: Buffer | null;
  /**
   * The model's alarm precision for the period (issue 25 item 5): its fault events closed in the period with an
   * outcome, as GET /fault-event/precision answers for the same model and range.
   */
  precision?: PrecisionFigures;
}

/**
 * The Alarm precision section's lines, English then Thai (the words of the portal's alarm precision panel): the
 * precision with confirmed ÷ closed, the other outcomes, and the confirmed faults warned first with the median lead.
 */
export function precisionLines(figures: PrecisionFigures): { en: string[]; th: string[] } {
  if (figures.closed === 0)
    return {
      en: ['No fault event was closed with an outcome in this period.'],
      th: ['ไม่มีเหตุการณ์ความผิดปกติที่ปิดพร้อมผลการตรวจสอบในช่วงเวลานี้'],
    };
  const percent = figures.precision === null ? '–' : `${Math.round(figures.precision * 100)} %`;
  const days = figures.medianLeadDays;
  return {
    en: [
      `Precision ${percent}: ${figures.confirmed} of ${figures.closed} closed alarms were confirmed faults`,
      `No fault found ${figures.noFault} · Planned maintenance ${figures.planned} · Other ${figures.other}`,
      `Warned first: ${figures.warnedFirst} of ${figures.confirmed} confirmed faults, ${
        days === null ? 'no lead time yet' : `median ${days} ${days === 1 ? 'day' : 'days'} before`
      }`,
    ],
    th: [
      `ความแม่นยำ ${percent}: ${figures.confirmed} จาก ${figures.closed} การแจ้งเตือนที่ปิดแล้วเป็นความผิดปกติที่ยืนยันแล้ว`,
      `ไม่พบความผิดปกติ ${figures.noFault} · บำรุงรักษาตามแผน ${figures.planned} · อื่น ๆ ${figures.other}`,
      `มีคำเตือนก่อน: ${figures.warnedFirst} จาก ${figures.confirmed} ความผิดปกติที่ยืนยันแล้ว, ${
        days === null ? 'ยังไม่มีระยะเวลาแจ้งล่วงหน้า' : `ค่ามัธยฐาน ${days} วันก่อน`
      }`,
    ],
  };
}

const TITLES: Record<ReportKind, { en: string; th: string }> = {
  MCA: { en: 'Motor Current Analysis Report', th: 'รายงานผลการวิเคราะห์กระแสมอเตอร์' },
  RVS: { en: 'Vibration Monitoring Report', th: 'รายงานผลการตรวจวัดการสั่นสะเทือน' },
};
const STATUS_NAME: Record<number, string> = {
  [-2]: 'Disabled',
  [-1]: 'Offline',
  0: 'Normal',
  1: 'Warning',
  2: 'Alarm',
};
const MARGIN = 40;
const WIDTH = 515;

/** The report PDF: vector charts (ECharts SVG placed by svg-to-pdfkit), text in Sarabun, pages numbered. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${TITLES[data.kind].en} — ${data.model.title}`,
      Author: data.company.title,
      Creator: 'SDP',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const zone = data.period.timeZone;
  const bottom = () => doc.page.height - MARGIN - 20;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  /** A section title; `keep` is the height of what follows that must stay on the same page. */
  const heading = (text: string, keep = 40) => {
    ensure(30 + keep);
    doc.moveDown(0.6);
    doc.font('bold').fontSize(12).fillColor('#0D47A1').text(text, MARGIN, doc.y, { width: WIDTH });
    doc
      .moveTo(MARGIN, doc.y + 1)
      .lineTo(MARGIN + WIDTH, doc.y + 1)
      .lineWidth(0.5)
      .strokeColor('#90A4AE')
      .stroke();
    doc.moveDown(0.4);
    doc.font('body').fontSize(9).fillColor('#212121');
  };
  const svg = (markup: string, height: number) => {
    ensure(height + 6);
    SVGtoPDF(doc, markup, MARGIN, doc.y, {
      width: WIDTH,
      height,
      fontCallback: () => 'body',
      assumePt: true,
    });
    doc.y += height + 6;
  };
  /** A table with fixed column widths; rows wrap and break pages, the header repeats on a new page. */
  const table = (
    columns: { title: string; width: number }[],
    rows: string[][],
    colours?: (string | null)[],
  ) => {
    const drawRow = (cells: string[], bold: boolean, fill: string | null) => {
      doc.font(bold ? 'bold' : 'body').fontSize(8);
      const height =
        Math.max(
          ...cells.map((cell, i) =>
            doc.heightOfString(cell || '-', { width: (columns[i]?.width ?? 60) - 6 }),
          ),
        ) + 6;
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold)
          drawRow(
            columns.map((c) => c.title),
            true,
            '#ECEFF1',
          );
      }
      const top = doc.y;
      if (fill) doc.rect(MARGIN, top, WIDTH, height).fill(fill);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const width = columns[i]?.width ?? 60;
        doc.fillColor('#212121').text(cell || '-', x + 3, top + 3, { width: width - 6 });
        x += width;
      });
      doc
        .moveTo(MARGIN, top + height)
        .lineTo(MARGIN + WIDTH, top + height)
        .lineWidth(0.3)
        .strokeColor('#CFD8DC')
        .stroke();
      doc.y = top + height;
    };
    drawRow(
      columns.map((c) => c.title),
      true,
      '#ECEFF1',
    );
    rows.forEach((row, i) => {
      drawRow(row, false, colours?.[i] ?? null);
    });
    doc.x = MARGIN;
  };

  // Header: logo and company, the report's name in English and Thai, the model and the period.
  if (data.company.logo) {
    try {
      doc.image(data.company.logo, MARGIN, MARGIN, { fit: [70, 44] });
    } catch {
      // A logo pdfkit cannot read (an unusual PNG) leaves the header text only.
    }
  }
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('#212121')
    .text(data.company.title, MARGIN + 80, MARGIN, { width: WIDTH - 80 });
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#455A64')
    .text(`${TITLES[data.kind].en} / ${TITLES[data.kind].th}`, MARGIN + 80, doc.y, { width: WIDTH - 80 });
  doc.y = Math.max(doc.y, MARGIN + 50);
  doc.x = MARGIN;
  doc.moveDown(0.5);
  const identity: [string, string][] = [
    ['Model', `${data.model.title} (${data.model.code})`],
    ['Model type', data.model.type],
    ['Equipment', `${data.model.tagCode}${data.model.tagAlias ? ` — ${data.model.tagAlias}` : ''}`],
    ['Period', `${localTime(data.period.from, zone)} – ${localTime(data.period.to, zone)} (${zone})`],
    ['Current status', STATUS_NAME[data.model.status] ?? String(data.model.status)],
    ['Generated', `${localTime(data.generatedAt, zone)} (${zone})`],
  ];
  for (const [label, value] of identity) {
    const y = doc.y;
    doc.font('bold').fontSize(9).fillColor('#455A64').text(label, MARGIN, y, { width: 90 });
    doc
      .font('body')
      .fillColor('#212121')
      .text(value, MARGIN + 95, y, { width: WIDTH - 95 });
  }

  if (data.kind === 'RVS' && data.diagram) {
    heading('Machine diagram', 220);
    try {
      const top = doc.y;
      doc.image(data.diagram, MARGIN, top, { fit: [WIDTH, 220], align: 'center' });
      doc.x = MARGIN;
      doc.y = top + 226;
    } catch {
      // A picture pdfkit cannot read leaves a line saying so instead of failing the report.
      doc.text('The machine diagram could not be read.');
    }
  }

  heading('Configuration');
  if (data.configuration.length)
    table(
      [
        { title: 'Item', width: 300 },
        { title: 'Value', width: 140 },
        { title: 'Unit', width: 75 },
      ],
      data.configuration.map((c) => [c.title, c.value, c.unit]),
    );
  else doc.text('No configuration items are selected for this model.');

  heading('Status history', 130);
  const counts = { alarm: 0, warning: 0 };
  for (const event of data.events) counts[event.alarm_type === 2 ? 'alarm' : 'warning'] += 1;
  doc.text(
    `${data.statusDays.filter((d) => d.status === 2).length} day(s) in alarm, ${data.statusDays.filter((d) => d.status === 1).length} in warning, ${data.statusDays.filter((d) => d.status === 0).length} normal, ${data.statusDays.filter((d) => d.status === -1).length} without data; ${counts.alarm} alarm and ${counts.warning} warning event(s).`,
    { width: WIDTH },
  );
  doc.moveDown(0.3);
  svg(statusHistorySvg(data.statusDays), 100);
  const legendY = doc.y;
  [
    [0, 'Normal'],
    [1, 'Warning'],
    [2, 'Alarm'],
    [-1, 'No data'],
  ].forEach(([status, name], i) => {
    const x = MARGIN + 52 + i * 90;
    doc.rect(x, legendY + 2, 8, 8).fill(STATUS_COLOUR[status as number] as string);
    doc
      .fillColor('#212121')
      .fontSize(8)
      .text(name as string, x + 12, legendY + 1);
  });
  doc.x = MARGIN;
  doc.y = legendY + 16;

  heading(data.kind === 'RVS' ? 'Overall trend' : 'Diagnostic indicators', 196);
  if (data.indicators.length === 0) doc.text('No indicator with data in this period.');
  for (const indicator of data.indicators) svg(trendChartSvg(indicator), 190);

  if (data.kind === 'RVS') {
    heading('Latest spectra', 186);
    if (!data.spectra?.length) doc.text('No vibration capture in this period.');
    for (const spectrum of data.spectra ?? []) svg(spectrumSvg(spectrum), 180);
    heading('Predicted failures');
    if (!data.predictedFailures?.length) doc.text('No failure is predicted from the latest captures.');
    else
      table(
        [
          { title: 'Sensor', width: 110 },
          { title: 'Failure', width: 150 },
          { title: 'Evidence', width: 200 },
          { title: 'Level', width: 55 },
        ],
        data.predictedFailures.map((f) => [f.sensor, f.failure, f.evidence, STATUS_NAME[f.level] ?? '']),
        data.predictedFailures.map((f) => (f.level === 2 ? '#FDECEE' : f.level === 1 ? '#FFF4E5' : null)),
      );
  }

  heading('Fault events');
  if (data.events.length === 0) doc.text('No fault event in this period.');
  else
    table(
      [
        { title: 'Time', width: 68 },
        { title: 'Level', width: 42 },
        { title: 'Measurement / message', width: 150 },
        { title: 'Value (limits)', width: 65 },
        { title: 'Acknowledged', width: 95 },
        { title: 'Closed', width: 95 },
      ],
      data.events.map((e) => [
        localTime(e.event_date, zone),
        e.alarm_type === 2 ? 'Alarm' : 'Warning',
        `${e.name}: ${e.alarm_message}`,
        `${e.alarm_value.toFixed(2)} (${e.warning_limit ?? '-'} / ${e.alarm_limit ?? '-'})`,
        e.acknowledged_at
          ? `${e.acknowledged_by ?? 'unknown'}, ${localTime(e.acknowledged_at, zone)}${e.acknowledged_msg ? `: ${e.acknowledged_msg}` : ''}`
          : 'Not acknowledged',
        e.done_at
          ? `${e.done_by ?? 'unknown'}, ${localTime(e.done_at, zone)}${e.done_msg ? `: ${e.done_msg}` : ''}`
          : 'Open',
      ]),
      data.events.map((e) => (e.alarm_type === 2 ? '#FDECEE' : '#FFF4E5')),
    );

  if (data.precision) {
    heading('Alarm precision / ความแม่นยำของการแจ้งเตือน', 90);
    const lines = precisionLines(data.precision);
    for (const line of lines.en) doc.text(line, MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.3);
    doc.fillColor('#455A64');
    for (const line of lines.th) doc.text(line, MARGIN, doc.y, { width: WIDTH });
    doc.fillColor('#212121');
    doc.moveDown(0.3);
    doc
      .fontSize(7)
      .fillColor('#78909C')
      .text(
        'Fault events closed in this period with an outcome; precision = confirmed ÷ closed. A confirmed fault was warned first when a Warning came before its first Alarm.',
        MARGIN,
        doc.y,
        { width: WIDTH },
      );
    doc.font('body').fontSize(9).fillColor('#212121');
  }

  heading('Notes');
  if (data.notes.length === 0) doc.text('No note was written in this period.');
  else
    table(
      [
        { title: 'Time', width: 70 },
        { title: 'Author', width: 95 },
        { title: 'Topic', width: 110 },
        { title: 'Description', width: 240 },
      ],
      data.notes.map((n) => [localTime(n.created_at, zone), n.author ?? '', n.topic, n.description]),
    );

  heading('Recommendation');
  const open = data.events.filter((e) => !e.done_at).length;
  if (data.recommendations.length === 0 && data.events.length === 0)
    doc.text('No warning or alarm in this period: keep the present monitoring and maintenance plan.', {
      width: WIDTH,
    });
  else if (data.recommendations.length === 0)
    doc.text(
      `${data.events.length} fault event(s) in this period, ${open} still open: inspect the tags listed under Fault events and acknowledge them in SDP.`,
      { width: WIDTH },
    );
  for (const line of data.recommendations) {
    ensure(20);
    doc.text(`• ${line}`, MARGIN, doc.y, { width: WIDTH });
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = doc.page.height - MARGIN + 8;
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(7).fillColor('#78909C');
    doc.text(`${data.company.title} · ${data.model.title} · ${TITLES[data.kind].en}`, MARGIN, y, {
      width: WIDTH - 60,
      lineBreak: false,
    });
    doc.text(`Page ${i + 1} / ${range.count}`, MARGIN + WIDTH - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
