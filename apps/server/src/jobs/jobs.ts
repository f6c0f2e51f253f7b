import { CompiledQuery, type QueryResult } from 'kysely';
import { PgBoss } from 'pg-boss';

/** Every queue, with the payload its jobs carry. */
export interface JobPayloads {
  'send-mail': { outboxId: string };
  /** Analyse what arrived for a model since its last analysis (features, statuses, fault events). */
  analyse: { modelId: string };
  /** Create next months' measurement partitions; turn silent models offline. */
  maintain: Record<string, never>;
  /** Delete measurements older than each company's retention. */
  retention: Record<string, never>;
  /** One equipment e-mail notification schedule came due (keyed cron per schedule, in its time zone). */
  'email-schedule': { scheduleId: string };
  /** A company's MCA monthly or RVS daily report came due (keyed cron per company and kind). */
  'report-schedule': { companyId: string; kind: 'MCA' | 'RVS' };
  /** An RVS fault event opened on a model whose 'auto-send realtime report' is on. */
  'realtime-report': { modelId: string; faultEventId: number };
}
export type JobName = keyof JobPayloads;

/** Retry and retention per queue, declared beside the names so a reader finds them together. */
const queues: Record<
  JobName,
  {
    retryLimit: number;
    retryDelay: number;
    retryBackoff: boolean;
    expireInSeconds: number;
    policy?: 'standard' | 'stately';
  }
> = {
  // SMTP servers refuse for minutes at a time; back off 10 s, 20 s, 40 s … over about 10 minutes.
  'send-mail': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  // 'stately': at most one queued and one running job per model, so a burst of ingest requests is analysed once.
  analyse: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 600, policy: 'stately' },
  maintain: { retryLimit: 2, retryDelay: 30, retryBackoff: false, expireInSeconds: 300, policy: 'stately' },
  // A run key per occurrence makes retries safe: what was already mailed is not mailed again.
  'email-schedule': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  'report-schedule': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
  'realtime-report': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  retention: {
    retryLimit: 2,
    retryDelay: 300,
    retryBackoff: false,
    expireInSeconds: 3600,
    policy: 'stately',
  },
};

/**
 * Queues whose jobs come in bursts take several per fetch, run them side by side and fetch again at once while
 * fetches come back full: at one job per poll (the default), 500 schedules due in the same minute took 500 s to
 * become 500 digests and as long again to leave as mail (bench/schedules.ts). The rest take one job a second.
 */
const batchSizes: Partial<Record<JobName, number>> = { 'send-mail': 10, 'email-schedule': 5 };

/** Cron schedules (UTC), created by the process that runs workers. */
const schedules: Partial<Record<JobName, string>> = { maintain: '* * * * *', retention: '17 3 * * *' };

/** Anything that runs SQL: a Kysely instance or transaction, or a node-postgres client inside a transaction. */
export type SqlExecutor =
  | { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> }
  | { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type JobHandler<K extends JobName> = (
  data: JobPayloads[K],
  meta: { retryCount: number; retryLimit: number },
) => Promise<void>;

export interface Jobs {
  /** Enqueues a job; with `within`, in that transaction, so the job exists exactly when the change does. */
  send<K extends JobName>(
    name: K,
    data: JobPayloads[K],
    within?: SqlExecutor,
    options?: {
      singletonKey?: string;
      /**
       * Send nothing when a job of this key is already waiting (created or retry, not yet running): that job starts
       * after this call, so it sees whatever was committed before it. A read instead of the queue's singleton insert,
       * which under a burst waits on the other senders' commits (the ingest of captures, ingest.service.ts).
       */
      unlessWaiting?: boolean;
    },
  ): Promise<void>;
  /** Creates the cron schedules (idempotent). */
  schedule(): Promise<void>;
  /**
   * A cron schedule of its own per key (one per e-mail schedule or report setting), evaluated in `tz`; setting it
   * again replaces it, so an update keeps one. An occurrence missed while no server ran is sent once on start.
   */
  scheduleKeyed<K extends JobName>(
    name: K,
    key: string,
    cron: string,
    tz: string,
    data: JobPayloads[K],
  ): Promise<void>;
  unscheduleKeyed(name: JobName, key: string): Promise<void>;
  /** The keys of a queue's keyed schedules, with their cron and zone. */
  keyedSchedules(name: JobName): Promise<{ key: string; cron: string; tz: string | null }[]>;
  work<K extends JobName>(name: K, handler: JobHandler<K>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss in the application's own database (schema `pgboss`): exactly-once across instances, no extra service. */
export function createJobs(connectionString: string, onError: (error: Error) => void): Jobs {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    // Due cron occurrences are looked for every 15 s (default 30) and turned into jobs every second (default 5 s,
    // 50 at a time): with the defaults, 500 schedules of one minute reached their queue over 80 s.
    cronMonitorIntervalSeconds: 15,
    cronWorkerIntervalSeconds: 1,
  });
  boss.on('error', onError);
  let started: Promise<void> | null = null;

  const ensureStarted = () => {
    started ??= (async () => {
      await boss.start();
      for (const [name, options] of Object.entries(queues)) {
        await boss.createQueue(name, options);
      }
    })();
    return started;
  };

  return {
    async send(name, data, within, { unlessWaiting, ...options } = {}) {
      await ensureStarted();
      if (unlessWaiting && options.singletonKey !== undefined && !within) {
        // Through the stately queue's unique index (name, state, singleton key; states up to active).
        const waiting = await boss.getDb().executeSql(
          `SELECT 1 FROM pgboss.job WHERE name = $1 AND state < 'active' AND policy = 'stately'
             AND COALESCE(singleton_key, '') = $2 LIMIT 1`,
          [name, options.singletonKey],
        );
        if (waiting.rows.length) return;
      }
      const db = within
        ? {
            executeSql: async (text: string, values?: unknown[]) =>
              'executeQuery' in within
                ? { rows: (await within.executeQuery(CompiledQuery.raw(text, values ?? []))).rows }
                : { rows: (await within.query(text, values)).rows },
          }
        : undefined;
      await boss.send(name, data, { ...options, ...(db ? { db } : {}) });
    },
    async schedule() {
      await ensureStarted();
      for (const [name, cron] of Object.entries(schedules) as [JobName, string][])
        await boss.schedule(name, cron, {});
    },
    async scheduleKeyed(name, key, cron, tz, data) {
      await ensureStarted();
      await boss.schedule(name, cron, data, { key, tz, missed: 'once' });
    },
    async unscheduleKeyed(name, key) {
      await ensureStarted();
      await boss.unschedule(name, key);
    },
    async keyedSchedules(name) {
      await ensureStarted();
      const rows = await boss.getSchedules(name, undefined, { limit: 100_000 });
      return rows.map((row) => ({ key: row.key, cron: row.cron, tz: row.timezone ?? null }));
    },
    async work(name, handler) {
      await ensureStarted();
      const batchSize = batchSizes[name] ?? 1;
      await boss.work<JobPayloads[typeof name]>(
        name,
        { pollingIntervalSeconds: 1, batchSize, burstWhenBatchFull: batchSize > 1, perJobResults: true },
        // Each job of a batch settles on its own: one failure is retried alone, the others complete.
        (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data, { retryCount: job.retryCount, retryLimit: queues[name].retryLimit });
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                return {
                  id: job.id,
                  status: 'failed' as const,
                  output: { message: (error as Error).message },
                };
              }
            }),
          ),
      );
    },
    start: ensureStarted,
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
