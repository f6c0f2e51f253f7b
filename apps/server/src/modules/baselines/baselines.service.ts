import { type AlarmState, persistedStatus } from '@sdp/analytics';
import type { BaselineResetResult, BaselineTag, ModelBaseline } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import type { Db } from '../../db/pool.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  afterReset,
  baselineRuleOf,
  type LearnedState,
  startLearning,
} from '../analysis/learned-baseline.ts';
import { monitoredLimits } from '../analysis/limits.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import { readSettings } from '../models/settings.ts';
import type { BaselinesRepository } from './baselines.repository.ts';

interface Deps {
  db: Db;
  repository: BaselinesRepository;
  master: MasterRepository;
  audit: AuditRepository;
  /** Queues the model's analysis, which sets its component and model statuses from its values' statuses. */
  jobs: Pick<Jobs, 'send'>;
  now?: () => number;
}

const DAY_MS = 86_400_000;

/** Learned baselines of a model (issue 25 item 4): where each monitored value stands, and Reset baseline. */
export function createBaselinesService(deps: Deps) {
  const { db, repository, master, audit, jobs } = deps;
  const now = deps.now ?? Date.now;

  return {
    async ofModel(modelId: string): Promise<ModelBaseline> {
      const model = await repository.model(modelId);
      if (!model) throw notFound('Model not found.');
      const settings = readSettings(model.document, model.title);
      const rule = baselineRuleOf(settings);
      const learning = [...monitoredLimits(settings, await master.get()).values()].filter((l) => l.learns);
      const states = new Map((await repository.series(modelId)).map((row) => [row.tag, row.state]));
      const resetMs = model.baseline_reset_at?.getTime() ?? null;
      const tags: BaselineTag[] = [];
      for (const limit of learning) {
        const stored = states.get(limit.tag)?.learned as LearnedState | undefined;
        // A value that has not sent anything yet starts learning with its first value; shown from the reset if any.
        const state = afterReset(stored, resetMs);
        if (!state) continue;
        tags.push({
          tag: limit.tag,
          name: limit.name,
          state: state.band ? 'learned' : 'learning',
          startedAt: new Date(state.sinceMs).toISOString(),
          captures: state.seen,
          centre: state.band?.centre ?? null,
          warning: state.band?.warning ?? null,
          alarm: state.band?.alarm ?? null,
          learnedAt: state.learnedAtMs === undefined ? null : new Date(state.learnedAtMs).toISOString(),
        });
      }
      const learningSince = tags.filter((t) => t.state === 'learning').map((t) => Date.parse(t.startedAt));
      const latest = learningSince.length ? Math.max(...learningSince) : null;
      return {
        learningDays: rule.learningDays,
        learningCaptures: rule.learningCaptures,
        warningDeviations: rule.warningDeviations,
        alarmDeviations: rule.alarmDeviations,
        learning: latest !== null,
        // Day 1 is the first day; a period that has run its days but still lacks values stays on its last day.
        day:
          latest === null
            ? null
            : Math.min(
                Math.max(1, Math.floor((now() - latest) / DAY_MS) + 1),
                Math.max(1, rule.learningDays),
              ),
        tags,
      };
    },

    /**
     * Every learned baseline of the model learns again from now; audited with who and when. It takes effect in the
     * same transaction: each value's stored learned band is replaced by a new learning period and its status drops to
     * what its fixed limits say (a warning the learned band raised ends with the band), and the model's analysis is
     * queued so its component and model statuses follow at once, not at its next value.
     */
    async reset(auth: AuthContext, modelId: string): Promise<BaselineResetResult> {
      const model = await repository.model(modelId);
      if (!model) throw notFound('Model not found.');
      const settings = readSettings(model.document, model.title);
      const learning = new Map(
        [...monitoredLimits(settings, await master.get()).values()]
          .filter((l) => l.learns)
          .map((l) => [l.tag, l]),
      );
      const count = learning.size;
      const at = new Date(now());
      await db.transaction().execute(async (trx) => {
        await repository.reset(modelId, at, trx);
        for (const row of await repository.seriesStatesForUpdate(modelId, trx)) {
          const limit = learning.get(row.tag);
          const stored = row.state as { alarm?: AlarmState; learned?: LearnedState } | null;
          if (!limit || !stored?.learned) continue;
          const fixed =
            limit.warning !== null && limit.alarm !== null && stored.alarm
              ? persistedStatus(stored.alarm)
              : 0;
          const status = row.status < 0 ? row.status : Math.min(row.status, fixed);
          await repository.saveState(
            row.series_id,
            {
              ...stored,
              learned: startLearning(at.getTime()),
              ...(status < 1 ? { since1: null } : {}),
              ...(status < 2 ? { since2: null } : {}),
            },
            status,
            trx,
          );
        }
        await jobs.send('analyse', { modelId }, trx, { singletonKey: modelId });
        await audit.record(
          {
            userId: auth.userId,
            companyId: model.company_id,
            action: 'reset-baseline',
            entity: 'model',
            entityId: modelId,
            detail: { title: model.title, values: count },
          },
          trx,
        );
      });
      return { reset: count, startedAt: at.toISOString() };
    },
  };
}

export type BaselinesService = ReturnType<typeof createBaselinesService>;
