import type pg from 'pg';

export interface McaModelRow {
  id: string;
  title: string;
  model_type_id: number;
  time_zone: string;
}

export interface CaptureRow {
  file_name: string;
  captured_at: Date;
  sample_rate: number;
  length: number;
}

export interface CapturePhases extends CaptureRow {
  unit: string;
  a: Float32Array;
  b: Float32Array;
  c: Float32Array;
}

/** The stator-current captures of a motor: the phase-A waveform names a capture; B and C share its sensor and instant. */
const CAPTURES = `
SELECT a.file_name, a.captured_at, a.sample_rate, a.length FROM waveforms a
WHERE a.model_id = $1 AND a.kind = 'current' AND a.channel = 'a'
  AND (SELECT count(*) FROM waveforms o WHERE o.model_id = a.model_id AND o.sensor = a.sensor AND o.kind = 'current'
       AND o.captured_at = a.captured_at AND o.channel IN ('b', 'c')) = 2
ORDER BY a.captured_at DESC LIMIT $2`;

/** The named captures without their samples: enough to find their spectra in the cache. */
const CAPTURE_HEADS = `
SELECT DISTINCT ON (file_name) file_name, captured_at, sample_rate, length FROM waveforms
WHERE model_id = $1 AND kind = 'current' AND channel = 'a' AND file_name = ANY($2::text[])
ORDER BY file_name, captured_at DESC`;

const CAPTURE_SAMPLES = `
WITH a AS (
  SELECT DISTINCT ON (file_name) file_name, sensor, captured_at, sample_rate, length FROM waveforms
  WHERE model_id = $1 AND kind = 'current' AND channel = 'a' AND file_name = ANY($2::text[])
  ORDER BY file_name, captured_at DESC)
SELECT a.file_name, a.captured_at, a.sample_rate, a.length, w.channel, w.unit, w.samples
FROM a JOIN waveforms w ON w.model_id = $1 AND w.sensor = a.sensor AND w.kind = 'current'
  AND w.captured_at = a.captured_at AND w.length = a.length`;

/** Stored data the MCA calls read; every query is bounded by the model and by a count or a time range. */
export function createMcaRepository(pool: pg.Pool) {
  return {
    async model(modelId: string): Promise<McaModelRow | undefined> {
      const { rows } = await pool.query<McaModelRow>(
        `SELECT m.id, m.title, m.model_type_id, c.time_zone FROM equipment_models m
         JOIN companies c ON c.id = m.company_id WHERE m.id = $1`,
        [modelId],
      );
      return rows[0];
    },

    async captures(modelId: string, limit: number): Promise<CaptureRow[]> {
      const { rows } = await pool.query<CaptureRow>({
        name: 'mca-captures',
        text: CAPTURES,
        values: [modelId, limit],
      });
      return rows;
    },

    /** The named captures' phase-A rows without samples (a name the model lacks is left out). */
    async captureHeads(modelId: string, fileNames: readonly string[]): Promise<CaptureRow[]> {
      const { rows } = await pool.query<CaptureRow>({
        name: 'mca-capture-heads',
        text: CAPTURE_HEADS,
        values: [modelId, fileNames],
      });
      return rows;
    },

    /** The three phases of each named capture, in the order asked; a name the model lacks is left out. */
    async capturePhases(modelId: string, fileNames: readonly string[]): Promise<CapturePhases[]> {
      const { rows } = await pool.query<
        CaptureRow & { channel: 'a' | 'b' | 'c'; unit: string; samples: Buffer }
      >({ name: 'mca-capture-samples', text: CAPTURE_SAMPLES, values: [modelId, fileNames] });
      const floats = (buffer: Buffer) =>
        new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
      return fileNames.flatMap((name) => {
        const phases = rows.filter((row) => row.file_name === name);
        const of = (channel: string) => phases.find((row) => row.channel === channel);
        const [a, b, c] = [of('a'), of('b'), of('c')];
        if (!a || !b || !c) return [];
        return [
          {
            file_name: a.file_name,
            captured_at: a.captured_at,
            sample_rate: a.sample_rate,
            length: a.length,
            unit: a.unit,
            a: floats(a.samples),
            b: floats(b.samples),
            c: floats(c.samples),
          },
        ];
      });
    },

    async componentStatuses(modelId: string): Promise<Map<string, number>> {
      const { rows } = await pool.query<{ component: string; status: number }>(
        'SELECT component, status FROM model_component_status WHERE model_id = $1',
        [modelId],
      );
      return new Map(rows.map((row) => [row.component, row.status]));
    },

    async series(modelId: string) {
      const { rows } = await pool.query<{ id: number; tag: string; unit: string }>(
        'SELECT id::int AS id, tag, unit FROM series WHERE model_id = $1 ORDER BY tag',
        [modelId],
      );
      return rows;
    },

    /**
     * Diagnostic records: the capture-time points of the dB feature series in the range, each with the scalar series'
     * last value at or before it (ground fault, terminal). `first` reads the model's earliest records instead.
     */
    async diagnosticRecords(
      anchorId: number,
      alignedIds: readonly number[],
      scalarIds: readonly number[],
      range: { fromS: number; toS: number } | { first: number },
    ) {
      const inRange = 'fromS' in range;
      const { rows } = await pool.query<{ t: number; v: (number | null)[] }>(
        `WITH anchor AS (
           SELECT ts FROM measurements WHERE series_id = $1
             AND (NOT $5 OR (ts >= to_timestamp($6) AND ts < to_timestamp($7)))
           ORDER BY ts ${inRange ? '' : 'LIMIT $8'})
         SELECT (extract(epoch FROM a.ts) * 1000)::float8 AS t,
           ARRAY(SELECT (SELECT m.value FROM measurements m WHERE m.series_id = s.id AND m.ts = a.ts LIMIT 1)
                 FROM unnest($2::bigint[]) WITH ORDINALITY AS s(id, o) ORDER BY s.o)
           || ARRAY(SELECT (SELECT m.value FROM measurements m WHERE m.series_id = s.id AND m.ts <= a.ts
                             AND m.ts > a.ts - interval '1 day' ORDER BY m.ts DESC LIMIT 1)
                 FROM unnest($3::bigint[]) WITH ORDINALITY AS s(id, o) ORDER BY s.o) AS v
         FROM anchor a ORDER BY a.ts LIMIT $4`,
        inRange
          ? [anchorId, alignedIds, scalarIds, 5000, true, range.fromS, range.toS]
          : [anchorId, alignedIds, scalarIds, 5000, false, 0, 0, range.first],
      );
      return rows;
    },
  };
}

export type McaRepository = ReturnType<typeof createMcaRepository>;
