import {
  errorResponse,
  ingestResult,
  MAX_POINTS_PER_REQUEST,
  MAX_WAVEFORM_SAMPLES,
  measurementsRequest,
  waveformJsonRequest,
  waveformMeta,
  waveformResult,
} from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, type IngestKeyContext } from '../../auth/access.ts';
import { parseIngestJson } from '../../lib/compute-tasks.ts';
import { HttpError } from '../../lib/http-error.ts';
import { Phases } from '../../lib/phases.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import { type Admission, OverloadedError, RETRY_AFTER_SECONDS } from './admission.ts';
import { guardBody } from './body-guard.ts';
import type { IngestService } from './ingest.service.ts';
import type { IngestKeysRepository } from './ingest-keys.repository.ts';
import { type ScannedPoints, scanMeasurementsJson, scannedBatch } from './json-scan.ts';
import { type CsvColumns, csvBatch, csvColumns, jsonBatch, type RawBatch } from './parse.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Ends this request's share of its key's bodies in flight (once its body has arrived, or it is answered). */
    bodyRead: (() => void) | null;
    /** Where this ingest request's time goes, answered as `Server-Timing` (issue 28 item 1). */
    ingestPhases: Phases | null;
    /** The points of a measurements body of the usual shape, read into columns by its parser (json-scan.ts). */
    scannedPoints: ScannedPoints | null;
  }
}

interface Options {
  service: IngestService;
  keys: IngestKeysRepository;
  bodyLimitBytes: number;
  /** How long a body may take to arrive, how far gzip may inflate, how many bodies one key may send at once. */
  body: { timeoutMs: number; gzipMaxRatio: number; readsPerKey: number };
  /** Large JSON bodies are parsed on its threads, never on the event loop. */
  compute: ComputePool;
  admission: Admission;
}

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  408: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  503: errorResponse,
};

/** JSON and CSV bodies larger than this are parsed on a compute thread (a 20,000-point batch is about 1 MB). */
const PARSE_OFF_LOOP_BYTES = 4 * 1024 * 1024;
/** A binary waveform body is float32 samples: more bytes than this is more samples than one waveform may hold. */
const MAX_WAVEFORM_BYTES = MAX_WAVEFORM_SAMPLES * 4;
/** The module whose csvColumnsTask the compute pool runs. */
const PARSE_MODULE = new URL('./parse.ts', import.meta.url);

/** The ingest API for gateways and the simulator (docs/ingestion.md): authenticated by ingest key, idempotent. */
export const ingestRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { service, keys, bodyLimitBytes, body: limits, compute, admission },
) => {
  // The key was verified from the header before this hook (access.ts): nothing of an anonymous body is read. One
  // key may be sending at most `readsPerKey` bodies at once, so a slow or flooding gateway holds back only itself.
  const reading = new Map<string, number>();
  app.decorateRequest('bodyRead', null);
  app.decorateRequest('ingestPhases', null);
  app.decorateRequest('scannedPoints', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !request.ingestKey) return;
    request.ingestPhases = new Phases();
    const { keyId } = request.ingestKey;
    const count = reading.get(keyId) ?? 0;
    if (count >= limits.readsPerKey) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close');
      throw new OverloadedError();
    }
    reading.set(keyId, count + 1);
    let done = false;
    const bodyRead = () => {
      if (done) return;
      done = true;
      const left = (reading.get(keyId) ?? 1) - 1;
      if (left > 0) reading.set(keyId, left);
      else reading.delete(keyId);
    };
    request.bodyRead = bodyRead;
    reply.raw.once('close', bodyRead);
  });

  // Overload (issue 17 item 2): a batch takes its turn to be stored once its key is known and its body has
  // arrived and been parsed (issue 23 item 2: a slow client never holds a turn), and is refused with 503 and
  // Retry-After when the bounded queue is full; its turn ends when the answer is sent or the client goes away.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    request.bodyRead?.();
    try {
      const leave = await admission.enter();
      request.ingestPhases?.lap('admission');
      reply.raw.once('close', leave);
    } catch (error) {
      if (error instanceof OverloadedError) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw error;
    }
  });

  // Plain JSON.parse for batches of up to 100,000 points: the body is only read as data (never merged into objects),
  // so the prototype-key scan of the default parser is work without a purpose here. A large body is parsed on a
  // compute thread, which refuses more points or samples than a request may carry before any reaches this one.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    async (request: FastifyRequest, body: Buffer) => {
      const phases = request.ingestPhases;
      phases?.lap('receive');
      if (body.length < PARSE_OFF_LOOP_BYTES) {
        // A measurements body of the usual shape is read into columns, without an object per point: the schema
        // then sees its model code and no points (they are the request's scannedPoints). Anything else, a waveform
        // or a body with a row the scanner leaves alone, is JSON.parse'd as before.
        const scanned = scanMeasurementsJson(body);
        if (scanned) {
          request.scannedPoints = scanned.points;
          phases?.lap('parse');
          return { modelCode: scanned.modelCode, points: [] };
        }
        const parsed = parseIngestJson(body);
        phases?.lap('parse');
        return parsed;
      }
      const owned =
        body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : Buffer.from(body);
      const parsed = await compute.run({ task: 'parseJson', body: owned }, [owned.buffer as ArrayBuffer]);
      phases?.lap('parse');
      return parsed;
    },
  );
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      request.ingestPhases?.lap('receive');
      done(null, body);
    },
  );
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      request.ingestPhases?.lap('receive');
      done(null, body);
    },
  );
  // The server's own split of the request (receive, parse, admission, validate, write, queue, rollups, latest,
  // commit): a client or benchmark sees where the time went.
  app.addHook('onSend', async (request, reply) => {
    if (request.ingestPhases) reply.header('server-timing', request.ingestPhases.header());
  });
  // Every body arrives within the body timeout and within its size: gzip is inflated as it arrives, bounded by the
  // body limit and by the inflation ratio, so a decompression bomb stops at its first MiB past the ratio.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = request.headers['content-encoding'];
    let gzip = false;
    if (encoding && encoding !== 'identity') {
      if (encoding !== 'gzip')
        throw new HttpError(415, `Unsupported content encoding '${encoding}': send gzip or nothing.`);
      gzip = true;
      delete request.headers['content-length'];
    }
    const binary = request.headers['content-type']?.startsWith('application/octet-stream') ?? false;
    return guardBody(payload, {
      timeoutMs: limits.timeoutMs,
      gzipMaxRatio: gzip ? limits.gzipMaxRatio : null,
      ...(binary
        ? {
            maxBytes: Math.min(bodyLimitBytes, MAX_WAVEFORM_BYTES),
            tooLarge: `A waveform holds at most ${MAX_WAVEFORM_SAMPLES} samples (${MAX_WAVEFORM_BYTES} bytes of float32); this body is larger.`,
          }
        : {
            maxBytes: bodyLimitBytes,
            tooLarge: `The request body is too large (limit ${bodyLimitBytes} bytes${gzip ? ' after inflating' : ''}).`,
          }),
    });
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
      const phases = request.ingestPhases ?? undefined;
      let batch: RawBatch;
      if (typeof request.body === 'string') {
        const parsed =
          request.body.length < PARSE_OFF_LOOP_BYTES
            ? csvColumns(request.body)
            : await compute.call<{ columns: CsvColumns } | { error: string }>(
                PARSE_MODULE,
                'csvColumnsTask',
                request.body,
              );
        if ('error' in parsed) throw new HttpError(400, parsed.error);
        batch = csvBatch(parsed.columns);
        phases?.lap('parse');
      } else if (request.scannedPoints) {
        batch = scannedBatch(request.body.modelCode, request.scannedPoints);
      } else {
        batch = jsonBatch(request.body.modelCode, request.body.points);
      }
      if (batch.length > MAX_POINTS_PER_REQUEST)
        throw new HttpError(413, `At most ${MAX_POINTS_PER_REQUEST} points per request.`);
      return service.measurements(key.companyId, batch, phases);
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
        return service.waveform(key.companyId, meta.data, request.body, request.ingestPhases ?? undefined);
      }
      const { samples, ...meta } = request.body;
      return service.waveform(
        key.companyId,
        meta,
        Buffer.from(new Float32Array(samples).buffer),
        request.ingestPhases ?? undefined,
      );
    },
  );
};
