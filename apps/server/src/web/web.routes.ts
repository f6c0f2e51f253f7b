import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { ModelDetail } from '@sdp/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { access, SESSION_COOKIE } from '../auth/access.ts';
import { builtFile, type LandingModel, landingHints, manifestReader, modelPageId } from './landing-hints.ts';

/**
 * Serves the built web app from the same origin: files as they are or precompressed (hashed assets cached for a year) and
 * index.html for every other GET, so client-side routes survive a reload. API paths never fall through to it.
 */
export const webRoutes: FastifyPluginAsync<{ webDist: string }> = async (app, { webDist }) => {
  // The build writes brotli and gzip copies beside the text files (apps/web/build/precompress.ts): sent to browsers
  // that accept them, with Vary: Accept-Encoding; the plain file otherwise.
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
  const manifest = manifestReader(webDist);
  const indexHtml = builtFile(path.join(webDist, 'index.html'), (text) => text);

  /**
   * A model page's model as its own API call answers it for this request's session: the same access rules, and
   * null (no hints beyond the page's own) for a model the person may not see or that does not exist.
   */
  const landingModel = async (request: FastifyRequest, id: string): Promise<LandingModel | null> => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/equipment-models/${id}`,
      headers: { cookie: request.headers.cookie ?? '' },
    });
    if (answer.statusCode !== 200) return null;
    const model = answer.json() as ModelDetail;
    return {
      typeId: model.equipmentModelTypeId,
      diagramUrl: model.settings.rvs_diagram_in?.diagram_url ?? null,
    };
  };

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
    const signedIn = Boolean(request.cookies?.[SESSION_COOKIE]);
    const modelId = signedIn ? modelPageId(pathname) : null;
    const model = modelId ? await landingModel(request, modelId) : null;
    const hints = landingHints(pathname, manifest(), signedIn, model);
    if (!hints)
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    // A landing page's copy names its code and first calls, so the browser fetches them beside the main file.
    const html = (indexHtml() ?? '').replace('</head>', `${hints}</head>`);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  });
};
