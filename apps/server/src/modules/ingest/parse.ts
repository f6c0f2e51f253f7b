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

/** Accepts ISO 8601 with an offset (or Z) and epoch milliseconds; anything else is refused, never guessed. */
export function parseTimestamp(ts: unknown): number | null {
  if (typeof ts === 'number') return Number.isSafeInteger(ts) ? ts : null;
  if (typeof ts !== 'string') return null;
  const trimmed = ts.trim();
  if (/^-?\d{1,16}$/.test(trimmed)) return Number(trimmed);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) return null;
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
 * Timestamps more than `maxFutureMs` ahead of `nowMs`, or before `oldestMs`, are refused. A valid row is written
 * into `out` and null is answered.
 */
export function checkPoint(
  batch: RawBatch,
  index: number,
  limits: PointLimits,
  out: CheckedPoint,
): string | null {
  const modelCode = batch.modelCode(index);
  if (typeof modelCode !== 'string' || !modelCode) return 'modelCode is missing';
  const tag = batch.tag(index);
  if (typeof tag !== 'string' || !tag.trim() || tag.length > 200) return 'tag is missing';
  const ts = batch.ts(index);
  const tsMs = parseTimestamp(ts);
  if (tsMs === null) return `unparseable timestamp '${String(ts).slice(0, 40)}'`;
  if (tsMs > limits.nowMs + limits.maxFutureMs) return 'timestamp is in the future';
  if (tsMs < limits.oldestMs) return 'timestamp is older than the retention period';
  const raw = batch.value(index);
  const value = parseValue(raw);
  if (value === null) return `value is not a finite number: '${String(raw).slice(0, 40)}'`;
  out.modelCode = modelCode;
  out.tag = tag.trim();
  out.tsMs = tsMs;
  out.value = value;
  return null;
}

/**
 * CSV with the header `modelCode,tag,ts,value` (any column order; RFC 4180 quotes allowed). Rows are numbered
 * from 1 after the header, as in the JSON form.
 */
export function parseMeasurementsCsv(text: string): { batch: RawBatch } | { error: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
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
  const modelCodes: (string | undefined)[] = [];
  const tags: (string | undefined)[] = [];
  const timestamps: (string | undefined)[] = [];
  const values: (string | undefined)[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    modelCodes.push(cells[columns.modelCode]?.trim());
    tags.push(cells[columns.tag]);
    timestamps.push(cells[columns.ts]?.trim());
    values.push(cells[columns.value]);
  }
  return {
    batch: {
      length: modelCodes.length,
      modelCode: (row) => modelCodes[row],
      tag: (row) => tags[row],
      ts: (row) => timestamps[row],
      value: (row) => values[row],
    },
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
