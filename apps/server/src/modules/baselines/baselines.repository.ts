import type { Db } from '../../db/pool.ts';

/** The SQL of learned baselines: the model with its last reset, its series' stored alarm states, the reset itself. */
export function createBaselinesRepository(db: Db) {
  return {
    model(id: string) {
      return db
        .selectFrom('equipment_models as m')
        .leftJoin('equipment_model_settings as s', 's.model_id', 'm.id')
        .select(['m.id', 'm.title', 'm.company_id', 'm.baseline_reset_at', 's.document'])
        .where('m.id', '=', id)
        .executeTakeFirst();
    },

    series(modelId: string) {
      return db
        .selectFrom('series as s')
        .leftJoin('alarm_states as a', 'a.series_id', 's.id')
        .select(['s.tag', 'a.state'])
        .where('s.model_id', '=', modelId)
        .orderBy('s.tag')
        .execute();
    },

    /** The model's series with their stored alarm state and status, locked until the caller's transaction ends. */
    seriesStatesForUpdate(modelId: string, executor: Db) {
      return executor
        .selectFrom('series as s')
        .innerJoin('alarm_states as a', 'a.series_id', 's.id')
        .select(['a.series_id', 's.tag', 'a.state', 'a.status'])
        .where('s.model_id', '=', modelId)
        .forUpdate('a')
        .execute();
    },

    async saveState(seriesId: number, state: object, status: number, executor: Db) {
      await executor
        .updateTable('alarm_states')
        .set({ state: JSON.stringify(state), status, updated_at: new Date() })
        .where('series_id', '=', seriesId)
        .execute();
    },

    async reset(modelId: string, at: Date, executor: Db = db) {
      await executor
        .updateTable('equipment_models')
        .set({ baseline_reset_at: at })
        .where('id', '=', modelId)
        .execute();
    },
  };
}

export type BaselinesRepository = ReturnType<typeof createBaselinesRepository>;
