import type pg from 'pg';

/** A drive's output-current capture: the three phases share the sensor and the instant. */
export interface DriveCapture {
  file_name: string;
  captured_at: Date;
}

/** Stored data the VCA calls read beyond the series API: a part's whole temperature history and the captures. */
export function createVcaRepository(pool: pg.Pool) {
  return {
    /**
     * Every point of a series up to an instant, oldest first: Miner's damage is a sum from the first sample on,
     * so the remaining life at the end of a range depends on the whole history before it.
     */
    async historyUntil(seriesId: number, toS: number) {
      const { rows } = await pool.query<{ t: number; value: number }>({
        name: 'vca-history-until',
        text: `SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, value FROM measurements
               WHERE series_id = $1 AND ts < to_timestamp($2) ORDER BY ts`,
        values: [seriesId, toS],
      });
      return rows;
    },

    /** Captures with all three output-current phases, newest first (the phase A file names them). */
    async captures(modelId: string, limit: number): Promise<DriveCapture[]> {
      const { rows } = await pool.query<DriveCapture>({
        name: 'vca-captures',
        text: `SELECT a.file_name, a.captured_at FROM waveforms a
               WHERE a.model_id = $1 AND a.kind = 'current' AND a.channel = 'a'
                 AND (SELECT count(*) FROM waveforms p WHERE p.model_id = a.model_id AND p.sensor = a.sensor
                      AND p.kind = 'current' AND p.captured_at = a.captured_at AND p.channel IN ('b', 'c')) = 2
               ORDER BY a.captured_at DESC LIMIT $2`,
        values: [modelId, limit],
      });
      return rows;
    },

    /** The three phases of the capture named by its phase A file; undefined when the model has no such file. */
    async capture(modelId: string, fileName: string) {
      const { rows } = await pool.query<{ channel: string; samples: Buffer; sample_rate: number }>({
        name: 'vca-capture',
        text: `WITH a AS (SELECT sensor, captured_at FROM waveforms
                          WHERE model_id = $1 AND kind = 'current' AND channel = 'a' AND file_name = $2
                          ORDER BY captured_at DESC LIMIT 1)
               SELECT w.channel, w.samples, w.sample_rate FROM waveforms w JOIN a
                 ON w.sensor = a.sensor AND w.captured_at = a.captured_at
               WHERE w.model_id = $1 AND w.kind = 'current' AND w.channel IN ('a', 'b', 'c')`,
        values: [modelId, fileName],
      });
      const floats = (buffer: Buffer) => new Float32Array(new Uint8Array(buffer).buffer);
      const phase = (channel: string) => rows.find((row) => row.channel === channel);
      const [a, b, c] = [phase('a'), phase('b'), phase('c')];
      if (!a || !b || !c) return undefined;
      return {
        sampleRateHz: a.sample_rate,
        a: floats(a.samples),
        b: floats(b.samples),
        c: floats(c.samples),
      };
    },
  };
}

export type VcaRepository = ReturnType<typeof createVcaRepository>;
