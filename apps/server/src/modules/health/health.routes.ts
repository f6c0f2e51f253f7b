import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { access } from '../../auth/access.ts';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down', 'starting']),
});

/** 200 when the database answers within 2 s and migrations have run; 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool; isReady: () => boolean }> = async (
  app,
  { pool, isReady },
) => {
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
      const up = await Promise.race([
        pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, 2_000, false).unref()),
      ]);
      if (!up) return reply.code(503).send({ status: 'unavailable', database: 'down' });
      if (!isReady()) return reply.code(503).send({ status: 'unavailable', database: 'starting' });
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
};
