import type pg from 'pg';

/** A stored PD capture: its pulses as float32 (phase °, charge pC) pairs and what the selector shows. */
export interface PdCapture {
  file_name: string;
  alias: string;
  captured_at: Date;
  channel: string;
  sample_rate: number;
  unit: string;
  samples: Buffer;
}

/** Reads of PD captures: waveforms of kind 'pd' (migration 0015), sensor = sub-module. */
export function createPdRepository(pool: pg.Pool) {
  return {
    async subModules(modelId: string) {
      const { rows } = await pool.query<{ sensor: string; captures: number }>(
        `SELECT sensor, count(*)::int AS captures FROM waveforms WHERE model_id = $1 AND kind = 'pd'
         GROUP BY sensor`,
        [modelId],
      );
      return rows;
    },

    async files(modelId: string, subModule: string) {
      const { rows } = await pool.query<Pick<PdCapture, 'file_name' | 'alias' | 'captured_at'>>(
        `SELECT file_name, alias, captured_at FROM waveforms WHERE model_id = $1 AND sensor = $2 AND kind = 'pd'
         ORDER BY captured_at DESC LIMIT 500`,
        [modelId, subModule],
      );
      return rows;
    },

    async capture(modelId: string, subModule: string, fileName: string) {
      const { rows } = await pool.query<PdCapture>(
        `SELECT file_name, alias, captured_at, channel, sample_rate, unit, samples FROM waveforms
         WHERE model_id = $1 AND sensor = $2 AND kind = 'pd' AND file_name = $3
         ORDER BY captured_at DESC LIMIT 1`,
        [modelId, subModule, fileName],
      );
      return rows[0];
    },
  };
}

export type PdRepository = ReturnType<typeof createPdRepository>;
