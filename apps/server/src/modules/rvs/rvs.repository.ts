import type pg from 'pg';

/** A stored vibration capture of one axis: acceleration samples (m/s², little-endian float32). */
export interface VibrationCapture {
  id: string;
  sensor: string;
  channel: 'x' | 'y' | 'z';
  file_name: string;
  alias: string;
  captured_at: Date;
  sample_rate: number;
  samples: Float32Array;
}

interface CaptureRow extends Omit<VibrationCapture, 'samples'> {
  samples: Buffer;
}

const floats = (buffer: Buffer) =>
  new Float32Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
const toCapture = (row: CaptureRow): VibrationCapture => ({ ...row, samples: floats(row.samples) });
const COLUMNS = 'id, sensor, channel, file_name, alias, captured_at, sample_rate, samples';

/** Stored data the RVS calls read: the vibration captures of a model's sensors and the company's upgrade flag. */
export function createRvsRepository(pool: pg.Pool) {
  return {
    /** Data sets of one sensor axis, newest first. */
    async dataSets(modelId: string, sensor: string, channel: string, limit: number) {
      const { rows } = await pool.query<{ file_name: string; alias: string; captured_at: Date }>({
        name: 'rvs-data-sets',
        text: `SELECT file_name, alias, captured_at FROM waveforms
               WHERE model_id = $1 AND sensor = $2 AND kind = 'vibration' AND channel = $3
               ORDER BY captured_at DESC LIMIT $4`,
        values: [modelId, sensor, channel, limit],
      });
      return rows;
    },

    /** The captures of one sensor axis named by file, oldest first; names the model lacks are simply absent. */
    async byFileNames(modelId: string, sensor: string, channel: string, fileNames: readonly string[]) {
      const { rows } = await pool.query<CaptureRow>({
        name: 'rvs-by-file-names',
        text: `SELECT ${COLUMNS} FROM waveforms
               WHERE model_id = $1 AND sensor = $2 AND kind = 'vibration' AND channel = $3 AND file_name = ANY($4)
               ORDER BY captured_at`,
        values: [modelId, sensor, channel, fileNames],
      });
      return rows.map(toCapture);
    },

    /** Every axis of a sensor's captures in a range, oldest first, at most `limit` rows. */
    async inRange(modelId: string, sensor: string, fromS: number, toS: number, limit: number) {
      const { rows } = await pool.query<CaptureRow>({
        name: 'rvs-in-range',
        text: `SELECT ${COLUMNS} FROM waveforms
               WHERE model_id = $1 AND sensor = $2 AND kind = 'vibration'
                 AND captured_at >= to_timestamp($3) AND captured_at <= to_timestamp($4)
               ORDER BY captured_at, channel LIMIT $5`,
        values: [modelId, sensor, fromS, toS, limit],
      });
      return rows.map(toCapture);
    },

    /** The axes of a sensor's newest capture. */
    async latest(modelId: string, sensor: string) {
      const { rows } = await pool.query<CaptureRow>({
        name: 'rvs-latest',
        text: `SELECT ${COLUMNS} FROM waveforms
               WHERE model_id = $1 AND sensor = $2 AND kind = 'vibration'
                 AND captured_at = (SELECT max(captured_at) FROM waveforms
                                    WHERE model_id = $1 AND sensor = $2 AND kind = 'vibration')
               ORDER BY channel`,
        values: [modelId, sensor],
      });
      return rows.map(toCapture);
    },

    /** Whether the model's company bought the RVS upgrade (companies.rvs_upgrade). */
    async upgraded(modelId: string): Promise<boolean> {
      const { rows } = await pool.query<{ rvs_upgrade: boolean }>({
        name: 'rvs-upgraded',
        text: `SELECT c.rvs_upgrade FROM equipment_models m JOIN companies c ON c.id = m.company_id WHERE m.id = $1`,
        values: [modelId],
      });
      return rows[0]?.rvs_upgrade ?? false;
    },
  };
}

export type RvsRepository = ReturnType<typeof createRvsRepository>;
