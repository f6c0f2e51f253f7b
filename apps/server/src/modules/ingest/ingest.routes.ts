import { createGunzip } from 'node:zlib';
import {
  errorResponse,
  ingestResult,
  MAX_POINTS_PER_REQUEST,
  measurementsRequest,
  waveformJsonRequest,
  waveformMeta,
  waveformResult,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, type IngestKeyContext } from '../../auth/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type Admission, OverloadedError, RETRY_AFTER_SECONDS } from './admission.ts';
import type { IngestService } from './ingest.service.ts';
import type { IngestKeysRepository } from './ingest-keys.repository.ts';
import { jsonBatch, parseMeasurementsCsv, type RawBatch } from './parse.ts';

interface Options {
  service: IngestService;
  keys: IngestKeysRepository;
  bodyLimitBytes: number;
  admission: Admission;
}

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  503: errorResponse,
};

/** The ingest API for gateways and the simulator (docs/ingestion.md): authenticated by ingest key, idempotent. */
export const ingestRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, keys, bodyLimitBytes, admission },
) => {
  // Overload (issue 17 item 2): a batch waits for its turn before its body is read, and is refused with 503 and
  // Retry-After when the bounded queue is full; its turn ends when the answer is sent or the client goes away.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return;
    try {
      const leave = await admission.enter();
      reply.raw.once('close', leave);
    } catch (error) {
      if (error instanceof OverloadedError) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw error;
    }
  });

  // Plain JSON.parse for batches of up to 100,000 points: the body is only read as data (never merged into objects),
  // so the prototype-key scan of the default parser is work without a purpose here.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        done(
          Object.assign(new SyntaxError(`The body is not valid JSON: ${(error as Error).message}`), {
            statusCode: 400,
          }),
          undefined,
        );
      }
    },
  );
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
  // gzip bodies are inflated as they arrive; the body limit applies to the inflated size, so a bomb stops early.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = request.headers['content-encoding'];
    if (!encoding || encoding === 'identity') return payload;
    if (encoding !== 'gzip')
      throw new HttpError(415, `Unsupported content encoding '${encoding}': send gzip or nothing.`);
    delete request.headers['content-length'];
    return payload.pipe(createGunzip());
  });

  const keyOf = (request: { ingestKey: IngestKeyContext | null }) => {
    const key = request.ingestKey as IngestKeyContext;
    void keys.touch(key.keyId).catch(() => undefined);
    return key;
  };

  app.post(
    '/ingest/measurements',
    {
      // NUL is refused per row by checkPoint: one poisoned row never sinks the batch, and 100,000 points are not
      // walked twice.
      config: { access: access.ingestKey(), bodyNulCheckedByRoute: true },
      bodyLimit: bodyLimitBytes,
      schema: {
        tags: ['ingest'],
        summary: `Store scalar points: JSON {modelCode, points:[{tag, ts, value}]} or CSV modelCode,tag,ts,value; up to ${MAX_POINTS_PER_REQUEST} points, gzip accepted`,
        consumes: ['application/json', 'text/csv'],
        security: [{ ingestKey: [] }],
        body: z.union([measurementsRequest, z.string()]),
        response: { 200: ingestResult, ...errors },
      },
    },
    async (request) => {
      const key = keyOf(request);
      let batch: RawBatch;
      if (typeof request.body === 'string') {
        const parsed = parseMeasurementsCsv(request.body);
        if ('error' in parsed) throw new HttpError(400, parsed.error);
        batch = parsed.batch;
      } else {
        batch = jsonBatch(request.body.modelCode, request.body.points);
      }
      if (batch.length > MAX_POINTS_PER_REQUEST)
        throw new HttpError(413, `At most ${MAX_POINTS_PER_REQUEST} points per request.`);
      return service.measurements(key.companyId, batch);
    },
  );

  app.post(
    '/ingest/waveforms',
    {
      config: { access: access.ingestKey() },
      bodyLimit: bodyLimitBytes,
      schema: {
        tags: ['ingest'],
        summary:
          'Store one sampled signal: metadata in the query with a little-endian float32 body (application/octet-stream), or everything as JSON with samples',
        consumes: ['application/octet-stream', 'application/json'],
        security: [{ ingestKey: [] }],
        // The metadata is checked by the handler for a binary body only; the loose second form keeps the query's
        // fields for that check, so a refusal names the one field that is wrong.
        querystring: z.union([waveformMeta, z.looseObject({})]),
        body: z.union([waveformJsonRequest, z.instanceof(Buffer)]),
        response: { 200: waveformResult, ...errors },
      },
    },
    async (request) => {
      const key = keyOf(request);
      if (Buffer.isBuffer(request.body)) {
        const meta = waveformMeta.safeParse(request.query);
        if (!meta.success) {
          throw new HttpError(
            400,
            meta.error.issues
              .map((issue) => `querystring.${issue.path.join('.')}: ${issue.message}`)
              .join('; '),
          );
        }
        return service.waveform(key.companyId, meta.data, request.body);
      }
      const { samples, ...meta } = request.body;
      return service.waveform(key.companyId, meta, Buffer.from(new Float32Array(samples).buffer));
    },
  );
};
