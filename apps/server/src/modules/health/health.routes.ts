import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { access } from '../../auth/access.ts';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down', 'starting']),
});

const readyResponse = healthResponse.extend({
  files: z.enum(['up', 'down']),
  /** Why the instance is not ready, when it is not. */
  detail: z.string().optional(),
});

/** How long a probe waits for the database or the file store before calling it down. */
const PROBE_MS = 2_000;

/** The promise's outcome within PROBE_MS: null when it resolved, the reason otherwise. */
function within(work: Promise<unknown>): Promise<string | null> {
  return Promise.race([
    work.then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    ),
    new Promise<string>((resolve) =>
      setTimeout(resolve, PROBE_MS, `no answer within ${PROBE_MS / 1000} s`).unref(),
    ),
  ]);
}

/**
 * `/healthz` (liveness and database): 200 when the database answers within 2 s and migrations have run; 503
 * otherwise. `/readyz` (readiness): the same, and the file store takes new files (the data directory is writable,
 * or the S3 bucket exists and accepts the credentials); 503 naming what is down.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  pool: pg.Pool;
  isReady: () => boolean;
  checkFiles: () => Promise<void>;
}> = async (app, { pool, isReady, checkFiles }) => {
  app.get(
    '/healthz',
    {
      config: { access: access.public() },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database health',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const down = await within(pool.query('SELECT 1'));
      if (down !== null) return reply.code(503).send({ status: 'unavailable', database: 'down' });
      if (!isReady()) return reply.code(503).send({ status: 'unavailable', database: 'starting' });
      return { status: 'ok' as const, database: 'up' as const };
    },
  );

  app.get(
    '/readyz',
    {
      config: { access: access.public() },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, migrations have run and uploaded files can be stored',
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      const [database, files] = await Promise.all([within(pool.query('SELECT 1')), within(checkFiles())]);
      const answer = {
        status: 'unavailable' as const,
        database: database !== null ? ('down' as const) : isReady() ? ('up' as const) : ('starting' as const),
        files: files === null ? ('up' as const) : ('down' as const),
      };
      // The reasons (a bucket's name, a path) go to the log, not to an unauthenticated probe.
      if (database !== null || files !== null) app.log.warn({ database, files }, 'not ready');
      if (database !== null)
        return reply.code(503).send({ ...answer, detail: 'The database does not answer.' });
      if (files !== null)
        return reply.code(503).send({ ...answer, detail: 'Uploaded files cannot be stored.' });
      if (!isReady()) return reply.code(503).send({ ...answer, detail: 'The database is being migrated.' });
      return { ...answer, status: 'ok' as const };
    },
  );
};
