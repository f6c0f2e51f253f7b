import type { AlarmPrecision, OutcomeFailureMode, PrecisionFigures } from '@sdp/contracts';
import type { AlarmPrecisionRepository, PrecisionRow, PrecisionScope } from './alarm-precision.repository.ts';

const EMPTY: PrecisionRow = {
  grouping: 'all',
  model_id: null,
  model_title: null,
  model_code: null,
  failure_mode: null,
  closed: 0,
  confirmed: 0,
  no_fault: 0,
  planned: 0,
  other: 0,
  warned_first: 0,
  median_lead_days: null,
};

/** A row as the API shows it; `of` is the count precision is taken of (the scope's closed, for a failure mode). */
function figures(row: PrecisionRow, of = row.closed): PrecisionFigures {
  return {
    closed: row.closed,
    confirmed: row.confirmed,
    noFault: row.no_fault,
    planned: row.planned,
    other: row.other,
    precision: of > 0 ? row.confirmed / of : null,
    warnedFirst: row.warned_first,
    medianLeadDays: row.median_lead_days === null ? null : Math.round(row.median_lead_days * 10) / 10,
  };
}

/** Alarm precision of a model or a company (issue 25 item 5): the repository counts, this shapes. */
export function createAlarmPrecisionService(repository: AlarmPrecisionRepository) {
  return {
    companyOfModel: (modelId: string) => repository.companyOfModel(modelId),
    async figures(scope: PrecisionScope): Promise<AlarmPrecision> {
      const rows = await repository.figures(scope);
      const total = rows.find((row) => row.grouping === 'all') ?? EMPTY;
      return {
        from: scope.from?.toISOString() ?? null,
        to: scope.to?.toISOString() ?? null,
        total: figures(total),
        models: rows
          .filter((row) => row.grouping === 'model' && row.model_id !== null)
          .map((row) => ({
            ...figures(row),
            modelId: row.model_id as string,
            modelName: row.model_title ?? '',
            modelCode: row.model_code ?? '',
          })),
        failureModes: rows
          .filter((row) => row.grouping === 'mode')
          .map((row) => ({
            ...figures(row, total.closed),
            failureMode: row.failure_mode as OutcomeFailureMode,
          })),
      };
    },
  };
}

export type AlarmPrecisionService = ReturnType<typeof createAlarmPrecisionService>;
