import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { access } from '../auth/access.ts';

/**
 * Serves the built web app from the same origin: files as they are or precompressed (hashed assets cached for a year) and
 * index.html for every other GET, so client-side routes survive a reload. API paths never fall through to it.
 */
export const webRoutes: FastifyPluginAsync<{ webDist: string }> = async (app, { webDist }) => {
  // The build writes brotli and gzip copies beside the text files (apps/web/build/precompress.ts): sent to browsers
  // that accept them, with Vary: Accept-Encoding; the plain file otherwise.
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });

  app.get('/*', { config: { access: access.public() }, schema: { hide: true } }, async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/')) return reply.code(404).send({ detail: 'Not found.' });
    if (!existsSync(path.join(webDist, 'index.html'))) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const file = path.normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    if (path.extname(file) && existsSync(path.join(webDist, file))) {
      const immutable = file.startsWith('/assets/');
      return reply.sendFile(file, { maxAge: immutable ? '365d' : 0, immutable });
    }
    // index.html names the current hashed assets: revalidated on every visit (sendFile's own header would say
    // 'public, max-age=0').
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
};
