import { MAX_POINTS_PER_REQUEST } from '@sdp/contracts';
import type { ModuleTaskOutput } from '../../lib/compute-tasks.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * A measurements request as the client sent it, read point by point where it lies (the parsed JSON objects, or the
 * CSV's cells): 100,000 points are checked without a copy or an object per point.
 */
export interface RawBatch {
  length: number;
  modelCode(index: number): unknown;
  tag(index: number): unknown;
  ts(index: number): unknown;
  value(index: number): unknown;
}

/** A valid point, written into one object the caller reuses for the whole batch. */
export interface CheckedPoint {
  modelCode: string;
  tag: string;
  tsMs: number;
  value: number;
}

export interface RowError {
  row: number;
  reason: string;
}

export interface PointLimits {
  nowMs: number;
  maxFutureMs: number;
  oldestMs: number;
}

/**
 * No point or capture is dated before 2000-01-01 UTC, whatever a company's retention allows: with the future
 * tolerance this bounds the months ingestion can create partitions for.
 */
export const EARLIEST_TIMESTAMP_MS = Date.UTC(2000, 0, 1);

/** Why a timestamp is out of the accepted range, or null when it is inside. */
export function timestampRangeError(tsMs: number, limits: PointLimits): string | null {
  if (tsMs > limits.nowMs + limits.maxFutureMs)
    return `timestamp is more than ${Math.round(limits.maxFutureMs / 1000)} s ahead of the server's clock`;
  if (tsMs < EARLIEST_TIMESTAMP_MS) return 'timestamp is before 2000-01-01';
  if (tsMs < limits.oldestMs) return 'timestamp is older than the retention period';
  return null;
}

function field(point: unknown, name: string): unknown {
  return point !== null && typeof point === 'object' ? (point as Record<string, unknown>)[name] : undefined;
}

/** The JSON form: one model code for every point of `{ tag, ts, value }` objects (anything else fails per row). */
export function jsonBatch(modelCode: unknown, points: readonly unknown[]): RawBatch {
  return {
    length: points.length,
    modelCode: () => modelCode,
    tag: (index) => field(points[index], 'tag'),
    ts: (index) => field(points[index], 'ts'),
    value: (index) => field(points[index], 'value'),
  };
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Accepts ISO 8601 with an offset (or Z) and epoch milliseconds; anything else is refused, never guessed. The date
 * and time components are checked themselves: `2026-02-30` or `24:00` are refused, not rolled over to another day.
 */
export function parseTimestamp(ts: unknown): number | null {
  if (typeof ts === 'number') return Number.isSafeInteger(ts) ? ts : null;
  if (typeof ts !== 'string') return null;
  const trimmed = ts.trim();
  if (/^-?\d{1,16}$/.test(trimmed)) return Number(trimmed);
  const parts = ISO_TIMESTAMP.exec(trimmed);
  if (!parts) return null;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (days === undefined || day < 1 || day > days) return null;
  if (Number(parts[4]) > 23 || Number(parts[5]) > 59 || Number(parts[6] ?? 0) > 59) return null;
  if (parts[7] !== undefined && (Number(parts[7]) > 23 || Number(parts[8]) > 59)) return null;
  const ms = Date.parse(trimmed);
  return Number.isFinite(ms) ? ms : null;
}

function parseValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/**
 * Checks row `index` of the batch on its own: a bad row is reported with its reason and never sinks the others.
 * Timestamps more than `maxFutureMs` ahead of `nowMs`, or before `oldestMs`, are refused; so are names holding a
 * NUL character (PostgreSQL cannot store it). A valid row is written into `out` and null is answered.
 */
export function checkPoint(
  batch: RawBatch,
  index: number,
  limits: PointLimits,
  out: CheckedPoint,
): string | null {
  const modelCode = batch.modelCode(index);
  if (typeof modelCode !== 'string' || !modelCode) return 'modelCode is missing';
  if (modelCode.includes('\0')) return 'modelCode must not contain a NUL character';
  const tag = batch.tag(index);
  if (typeof tag !== 'string' || !tag.trim() || tag.length > 200) return 'tag is missing';
  if (tag.includes('\0')) return 'tag must not contain a NUL character';
  const ts = batch.ts(index);
  const tsMs = parseTimestamp(ts);
  if (tsMs === null) return `unparseable timestamp '${printable(ts)}'`;
  const outOfRange = timestampRangeError(tsMs, limits);
  if (outOfRange !== null) return outOfRange;
  const raw = batch.value(index);
  const value = parseValue(raw);
  if (value === null) return `value is not a finite number: '${printable(raw)}'`;
  out.modelCode = modelCode;
  out.tag = tag.trim();
  out.tsMs = tsMs;
  out.value = value;
  return null;
}

/** At most 40 characters of what the client sent, control characters shown as `?`. */
function printable(value: unknown): string {
  return String(value)
    .slice(0, 40)
    .replace(/\p{Cc}/gu, '?');
}

/** The cells of a measurements CSV by column, row by row (rows numbered from 1 after the header). */
export interface CsvColumns {
  modelCodes: (string | undefined)[];
  tags: (string | undefined)[];
  timestamps: (string | undefined)[];
  values: (string | undefined)[];
}

/**
 * CSV with the header `modelCode,tag,ts,value` (any column order; RFC 4180 quotes allowed), split into its columns.
 * Blank lines are skipped. More than `maxRows` rows is refused as a whole (413) before any row is split into cells.
 */
export function csvColumns(
  text: string,
  maxRows = MAX_POINTS_PER_REQUEST,
): { columns: CsvColumns } | { error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let rows = 0;
  for (let i = 1; i < lines.length; i++) if ((lines[i] as string).trim()) rows++;
  if (rows > maxRows) throw new HttpError(413, `At most ${maxRows} points per request.`);
  const header = splitCsvLine(lines[0] ?? '').map((cell) => cell.trim());
  const index = (name: string) => header.findIndex((cell) => cell.toLowerCase() === name.toLowerCase());
  const columns = {
    modelCode: index('modelCode'),
    tag: index('tag'),
    ts: index('ts'),
    value: index('value'),
  };
  if (Object.values(columns).some((column) => column < 0))
    return { error: 'The CSV header must name the columns modelCode,tag,ts,value.' };
  const out: CsvColumns = { modelCodes: [], tags: [], timestamps: [], values: [] };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    out.modelCodes.push(cells[columns.modelCode]?.trim());
    out.tags.push(cells[columns.tag]);
    out.timestamps.push(cells[columns.ts]?.trim());
    out.values.push(cells[columns.value]);
  }
  return { columns: out };
}

/** csvColumns as a task of the compute pool (lib/worker-pool.ts): a large CSV body is split off the event loop. */
export function csvColumnsTask(text: string): ModuleTaskOutput<{ columns: CsvColumns } | { error: string }> {
  return { result: csvColumns(text) };
}

/** A batch over the columns of a CSV, read where they lie. */
export function csvBatch({ modelCodes, tags, timestamps, values }: CsvColumns): RawBatch {
  return {
    length: modelCodes.length,
    modelCode: (row) => modelCodes[row],
    tag: (row) => tags[row],
    ts: (row) => timestamps[row],
    value: (row) => values[row],
  };
}

function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
