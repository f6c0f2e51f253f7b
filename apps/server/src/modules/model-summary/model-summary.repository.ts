import type pg from 'pg';

export interface CompanyModelRow {
  id: string;
  title: string;
  code: string;
  model_type_id: number;
  is_active: boolean;
  status: number;
  equipment_tag_id: string;
  equipment_name: string;
  equipment_alias: string | null;
  last_data_at: Date | null;
  alarm_since: Date | null;
}

// A model in warning or alarm has been so since the start of its current run at that level in its stored status
// history (migration 0043, model_run_start), whatever events were closed or opened meanwhile (issue 26 item 1).
const COMPANY_MODELS = `
SELECT m.id, m.title, m.code, m.model_type_id, m.is_active, m.status, m.equipment_tag_id,
  s.title AS equipment_name, s.alias AS equipment_alias,
  coalesce(m.last_data_at, (SELECT max(l.last_ts) FROM series ss JOIN series_latest l ON l.series_id = ss.id
    WHERE ss.model_id = m.id)) AS last_data_at,
  CASE WHEN m.status IN (1, 2) THEN model_run_start(m.id, m.status) END AS alarm_since
FROM equipment_models m JOIN structure_items s ON s.id = m.equipment_tag_id
WHERE m.company_id = $1 AND s.is_disabled = false
  AND ($2::uuid[] IS NULL OR m.equipment_tag_id = ANY($2)) AND (m.is_active OR $3)
ORDER BY s.title, m.title`;

/** Company-wide reads of the model status tables; every query is bounded by one company. */
export function createModelSummaryRepository(pool: pg.Pool) {
  return {
    /** The company's models on the given tags (null: every tag), inactive ones only when `withInactive`. */
    async companyModels(companyId: string, tagIds: readonly string[] | null, withInactive: boolean) {
      const { rows } = await pool.query<CompanyModelRow>({
        name: 'summary-company-models',
        text: COMPANY_MODELS,
        values: [companyId, tagIds, withInactive],
      });
      return rows;
    },

    /** Component statuses the analysis keeps per model (MCA parts by alarm-limit group code). */
    async componentStatuses(modelIds: readonly string[]) {
      const { rows } = await pool.query<{ model_id: string; component: string; status: number }>(
        'SELECT model_id, component, status FROM model_component_status WHERE model_id = ANY($1)',
        [modelIds],
      );
      return rows;
    },
  };
}

export type ModelSummaryRepository = ReturnType<typeof createModelSummaryRepository>;
