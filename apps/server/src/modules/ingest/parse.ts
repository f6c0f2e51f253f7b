/** One row of a measurements request, before it is known to be valid. */
export interface RawPoint {
  modelCode: unknown;
  tag: unknown;
  ts: unknown;
  value: unknown;
}

export interface ValidPoint {
  row: number;
  modelCode: string;
  tag: string;
  tsMs: number;
  value: number;
}

export interface RowError {
  row: number;
  reason: string;
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
 * Checks each row on its own: a bad row is reported with its reason (row numbers from 1) and never sinks the others.
 * Timestamps more than `maxFutureMs` ahead of `nowMs`, or before `oldestMs`, are refused.
 */
export function validatePoints(
  rows: RawPoint[],
  limits: { nowMs: number; maxFutureMs: number; oldestMs: number },
): { valid: ValidPoint[]; errors: RowError[] } {
  const valid: ValidPoint[] = [];
  const errors: RowError[] = [];
  for (const [index, point] of rows.entries()) {
    const checked = checkPoint(point, index + 1, limits);
    if (typeof checked === 'string') errors.push({ row: index + 1, reason: checked });
    else valid.push(checked);
  }
  return { valid, errors };
}

/** The row as a valid point, or the reason it is refused. */
function checkPoint(
  point: RawPoint,
  row: number,
  limits: { nowMs: number; maxFutureMs: number; oldestMs: number },
): ValidPoint | string {
  if (typeof point.modelCode !== 'string' || !point.modelCode) return 'modelCode is missing';
  if (typeof point.tag !== 'string' || !point.tag.trim() || point.tag.length > 200) return 'tag is missing';
  const tsMs = parseTimestamp(point.ts);
  if (tsMs === null) return `unparseable timestamp '${String(point.ts).slice(0, 40)}'`;
  if (tsMs > limits.nowMs + limits.maxFutureMs) return 'timestamp is in the future';
  if (tsMs < limits.oldestMs) return 'timestamp is older than the retention period';
  const value = parseValue(point.value);
  if (value === null) return `value is not a finite number: '${String(point.value).slice(0, 40)}'`;
  return { row, modelCode: point.modelCode, tag: point.tag.trim(), tsMs, value };
}

/**
 * CSV with the header `modelCode,tag,ts,value` (any column order; RFC 4180 quotes allowed). Rows are numbered
 * from 1 after the header, as in the JSON form.
 */
export function parseMeasurementsCsv(text: string): { rows: RawPoint[] } | { error: string } {
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
  const rows: RawPoint[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    rows.push({
      modelCode: cells[columns.modelCode]?.trim(),
      tag: cells[columns.tag],
      ts: cells[columns.ts]?.trim(),
      value: cells[columns.value],
    });
  }
  return { rows };
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
