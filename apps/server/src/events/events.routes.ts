import { uuid } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import type { EventBus } from './event-bus.ts';

const HEARTBEAT_MS = 25_000;

/** Server-Sent Events of one company: model statuses and fault events as they happen. */
export const eventsRoutes: FastifyPluginAsyncZod<{ bus: EventBus }> = async (app, { bus }) => {
  const open = new Set<import('node:http').ServerResponse>();
  // Streams never finish by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });

  app.get(
    '/events',
    {
      config: {
        access: access.company(
          'ViewCompany',
          (request) => (request.query as { company_id?: string }).company_id,
        ),
      },
      schema: {
        tags: ['events'],
        summary: "Live events of a company (text/event-stream): 'model-status' and 'fault-event'",
        querystring: z.object({ company_id: uuid }),
      },
    },
    async (request, reply) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 5000\n\n');
      open.add(raw);
      const unsubscribe = bus.subscribe((event) => {
        if (event.companyId !== request.query.company_id) return;
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      });
    },
  );
};
