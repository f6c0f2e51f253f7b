import http from 'node:http';
import type { Socket } from 'node:net';
import { AnalyticsInputError } from '@sdp/analytics';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
}

const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgError).code ?? '');

const MALFORMED_MULTIPART =
  /^(Multipart:|Malformed part header|Unexpected end of (form|multipart data)|(Part|Preamble) terminated early)/;

/**
 * Fastify's `frameworkErrors`: errors met before a route is found (a malformed percent-encoding, an overlong path
 * parameter) answer `{detail}` like every other error.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const detail =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The URL is not valid: it holds a malformed percent-encoding.'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A part of the URL is too long.'
        : 'The request is not valid.';
  return reply.code(status).send({ detail });
}

/**
 * Fastify's `clientErrorHandler`: HTTP the server cannot parse (headers over Node's limit: 431, a broken request
 * line: 400, a client too slow: 408) answers `{detail}` on the raw socket, as Fastify's own handler does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every error leaves as `{ detail }` with a 4xx for anything the caller did, and 500 only for our own faults. */
export function installErrorHandler(app: FastifyInstance, bodyLimitBytes: number) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.status)
        .send(error.code ? { detail: error.message, code: error.code } : { detail: error.message });
    }

    // A stored signal the computation cannot take (too short for the filter, a band it cannot resolve): the request's.
    if (error instanceof AnalyticsInputError) return reply.code(400).send({ detail: error.message });

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error as FastifyError).validationContext ?? 'request';
      const detail = error.validation
        .map((issue) => {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return `${where}${path ? `.${path}` : ''}: ${issue.message}`;
        })
        .join('; ');
      return reply.code(400).send({ detail });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }

    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        // The route's own limit when it has one (ingest), else the server's BODY_LIMIT_BYTES.
        return reply.code(413).send({
          detail: `The request body is too large (limit ${request.routeOptions.bodyLimit ?? bodyLimitBytes} bytes).`,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({
          detail: `Unsupported content type '${request.headers['content-type'] ?? ''}'. Send application/json.`,
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'The JSON body is empty.' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ detail: `The body is not valid JSON: ${fastifyError.message}` });
    }
    // busboy's refusals of a malformed multipart body carry no status.
    if (!fastifyError.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      return reply.code(400).send({ detail: `The multipart body is malformed: ${error.message}` });
    }
    if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
      return reply.code(400).send({ detail: `The body is not valid JSON: ${error.message}` });
    }

    // The database is the last line of validation: its refusals are the caller's, not ours.
    if (isPgError(error)) {
      switch (error.code) {
        case '23505':
          return reply.code(409).send({ detail: 'This record already exists.' });
        case '23503':
          return reply.code(400).send({ detail: 'The request refers to a record that does not exist.' });
        case '23514':
        case '22P02':
        case '22007':
        case '22008':
        case '22003':
        case '22021':
        case '22P05':
          return reply.code(400).send({ detail: 'A value in the request is not valid.' });
      }
    }

    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500)
      return reply.code(status).send({ detail: fastifyError.message });

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.' });
  });
}
