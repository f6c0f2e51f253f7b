import { Worker } from 'node:worker_threads';
import type { ModelDetail } from '@sdp/contracts';
import type ExcelJSModule from 'exceljs';
import { HttpError } from '../../lib/http-error.ts';
import type { MasterData } from './master.repository.ts';
import { guardWorkbookZip } from './workbook-guard.ts';

// The Excel workbooks of the models module: the recommendation workbook (read in workbook-worker.ts after
// workbook-guard.ts has checked the archive, and written for download) and the configuration export of a model.

/** ExcelJS is large and only needed when a workbook is read or written: loaded on first use. */
async function excel(): Promise<typeof ExcelJSModule> {
  return (await import('exceljs')).default;
}

export const EXCEL_REQUIRED = 'Please upload file excel';
export const FILE_REQUIRED = 'Please select file';

export interface RecommendationRow {
  tag_code: string;
  alarm_type: 1 | 2;
  message: string;
  cause: string;
  recommendation: string;
}

const HEADERS = ['tag_code', 'alarm_type', 'message', 'cause', 'recommendation'];

/**
 * Reads a recommendation workbook: first sheet, a header row tag_code | alarm_type (Warning/Alarm or 1/2) |
 * message | cause | recommendation. The bytes must be a real .xlsx (a ZIP that ExcelJS can open) within the
 * limits of workbook-guard.ts.
 */
export async function parseRecommendationWorkbook(bytes: Buffer): Promise<RecommendationRow[]> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new HttpError(415, EXCEL_REQUIRED);
  // Sizes, ratio and rows are checked on the archive itself before ExcelJS unpacks anything (zip bombs).
  guardWorkbookZip(bytes);
  return readInWorker(bytes);
}

/** The memory (V8 heap) ExcelJS may use to read one workbook, in a worker of its own. */
export const WORKBOOK_MEMORY_MB = 256;
const WORKBOOK_SECONDS = 30;

/** Runs readRecommendationRows in a worker thread under a heap limit and a time limit. */
function readInWorker(bytes: Buffer): Promise<RecommendationRow[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./workbook-worker.ts', import.meta.url), {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: WORKBOOK_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
    });
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new HttpError(413, `Reading the workbook took longer than ${WORKBOOK_SECONDS} s.`)),
        ),
      WORKBOOK_SECONDS * 1000,
    );
    worker.once('message', (answer: { rows: RecommendationRow[] } | { status: number; detail: string }) =>
      finish(() =>
        'rows' in answer ? resolve(answer.rows) : reject(new HttpError(answer.status, answer.detail)),
      ),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(
                413,
                `Reading the workbook needs more than the limit of ${WORKBOOK_MEMORY_MB} MB.`,
              )
            : error,
        ),
      ),
    );
    // Settled already when it answered; otherwise it ended without a word.
    worker.once('exit', () => finish(() => reject(new HttpError(415, EXCEL_REQUIRED))));
  });
}

/** The rows of a recommendation workbook, read by ExcelJS (in the worker of readInWorker). */
export async function readRecommendationRows(bytes: Buffer): Promise<RecommendationRow[]> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(415, EXCEL_REQUIRED);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, 'The workbook has no sheet.');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((value) =>
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
  const columns = HEADERS.map((name) => header.indexOf(name) + 1);
  if (columns[0] === 0 || columns[1] === 0 || columns[2] === 0) {
    throw new HttpError(400, `The first row must name the columns ${HEADERS.join(', ')}.`);
  }
  const rows: RecommendationRow[] = [];
  const seen = new Set<string>();
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cell = (column: number) => (column ? String(row.getCell(column).text ?? '').trim() : '');
    const tag = cell(columns[0] as number);
    if (!tag) return;
    const rawType = cell(columns[1] as number).toLowerCase();
    const alarmType =
      rawType === '2' || rawType === 'alarm' ? 2 : rawType === '1' || rawType === 'warning' ? 1 : 0;
    if (!alarmType) throw new HttpError(400, `Row ${number}: alarm_type must be Warning, Alarm, 1 or 2.`);
    const key = `${tag}/${alarmType}`;
    if (seen.has(key))
      throw new HttpError(
        400,
        `Row ${number}: ${tag} ${alarmType === 1 ? 'Warning' : 'Alarm'} appears twice.`,
      );
    seen.add(key);
    rows.push({
      tag_code: tag,
      alarm_type: alarmType as 1 | 2,
      message: cell(columns[2] as number).slice(0, 1000),
      cause: cell(columns[3] as number).slice(0, 2000),
      recommendation: cell(columns[4] as number).slice(0, 2000),
    });
  });
  return rows;
}

/** A recommendation workbook with one Warning and one Alarm row per monitored tag: the template, or the current messages. */
export async function recommendationWorkbook(tags: string[], current: RecommendationRow[]): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet('Recommendation');
  sheet.addRow(HEADERS);
  sheet.getRow(1).font = { bold: true };
  const byKey = new Map(current.map((row) => [`${row.tag_code}/${row.alarm_type}`, row]));
  const allTags = [...new Set([...tags, ...current.map((row) => row.tag_code)])];
  for (const tag of allTags) {
    for (const type of [1, 2] as const) {
      const row = byKey.get(`${tag}/${type}`);
      sheet.addRow([
        tag,
        type === 1 ? 'Warning' : 'Alarm',
        row?.message ?? '',
        row?.cause ?? '',
        row?.recommendation ?? '',
      ]);
    }
  }
  sheet.columns.forEach((column, index) => {
    column.width = [28, 12, 50, 50, 50][index] ?? 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The whole configuration of a model as a workbook: one sheet per section of its form. */
export async function exportModelWorkbook(model: ModelDetail, master: MasterData): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sensorName = new Map(
    master.sensorTypes.map((sensor) => [sensor.id, `${sensor.name} (${sensor.unit})`]),
  );
  const addSheet = (name: string, headers: string[], rows: unknown[][]) => {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(headers).font = { bold: true };
    for (const row of rows) sheet.addRow(row);
    sheet.columns.forEach((column) => {
      column.width = 22;
    });
  };
  const s = model.settings;
  addSheet(
    'Model',
    ['Field', 'Value'],
    [
      ['Model code', model.modelCode],
      ['Name', model.title],
      ['Type', model.equipmentModelType.title],
      ['Equipment', model.equipmentCode.code],
      ['Active', model.isActive],
      [
        'Persistence',
        s.alarm_management
          ? `${s.alarm_management.persistence_from} out of ${s.alarm_management.persistence_to}`
          : '',
      ],
      ['Auto-send realtime report', s.model_in.isRVSRealtimeReport ? 'yes' : 'no'],
    ],
  );
  addSheet(
    'Configuration',
    ['Type', 'Value', 'Unit', 'Shown'],
    model.equipmentModelConfiguration.map((item) => [
      item.title,
      item.value,
      item.unitCode,
      item.selected ? 'yes' : 'no',
    ]),
  );
  const limitRows = [
    ...s.alarm_limit_sensor_new_in,
    ...s.mca_alarm_limit_sensor_new,
    ...s.vsd_alarm_limit_sensor_new_in,
    ...s.vsd_tag_alarm_limit_in,
    ...s.vsd_trend_signal_alarm_limit_sensor,
  ];
  if (limitRows.length) {
    addSheet(
      'Alarm limits',
      ['Sensor', 'Warning', 'Alarm', 'RUL warning', 'RUL alarm', 'Monitor', 'Alert'],
      limitRows.map((row) => [
        sensorName.get(row.sensorTypeId) ?? row.sensorTypeId,
        row.warning,
        row.alarm,
        row.rul_warning,
        row.rul_alarm,
        row.isSelect,
        row.isAlert,
      ]),
    );
  }
  if (s.motor_data_in.length)
    addSheet(
      'Motor data',
      ['Tag', 'Title', 'Value'],
      s.motor_data_in.map((row) => [row.modelConfigurationTagCode, row.title, row.value]),
    );
  if (s.v_and_i_locus_in.length)
    addSheet(
      'V&I Locus',
      ['Locus', 'a', 'b', 'angle', 'e', 'area'],
      s.v_and_i_locus_in.map((r) => [r.locus_name, r.a, r.b, r.angle, r.e, r.area]),
    );
  if (s.q_setting_in.length)
    addSheet(
      'Correlation',
      ['Score', 'Tag A', 'Tag B', 'Warning', 'Alarm'],
      s.q_setting_in.map((r) => [r.score, r.tagA, r.tagB, r.warning, r.alarm]),
    );
  if (s.vibration_sensor_in.length) {
    addSheet(
      'Vibration sensors',
      [
        'Sensor id',
        'Name',
        'Acc. warning',
        'Acc. alarm',
        'Vel. warning',
        'Vel. alarm',
        'Temp. warning',
        'Temp. alarm',
        'Point',
        'Template',
      ],
      s.vibration_sensor_in.map((r) => [
        r.sensorId,
        r.sensorName,
        r.acceleration.warning,
        r.acceleration.alarm,
        r.velocity.warning,
        r.velocity.alarm,
        r.temperature.warning,
        r.temperature.alarm,
        r.sensorPointId,
        r.machineTemplateId,
      ]),
    );
  }
  if (s.raw_vibration_sensor_in.length) {
    const bearing = new Map(master.bearings.map((b) => [b.id, b.designation]));
    addSheet(
      'Raw vibration sensors',
      [
        'Sensor id',
        'Name',
        'Position',
        'Machine',
        'Bearing',
        'Speed (rpm)',
        'Axes',
        'Limits',
        'Battery warning',
        'Battery alarm',
      ],
      s.raw_vibration_sensor_in.map((r) => [
        r.sensorId,
        r.sensorName,
        r.positionType,
        r.machine,
        r.bearingId ? bearing.get(r.bearingId) : '',
        r.rotatingSpeed,
        `${r.axisLabels.x}/${r.axisLabels.y}/${r.axisLabels.z}`,
        r.limits.map((l) => `${l.type} ${l.axis}: ${l.warning}/${l.alarm}`).join('; '),
        r.batteryLimit.warning,
        r.batteryLimit.alarm,
      ]),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
