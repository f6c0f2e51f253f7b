import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Every error leaves as `{ detail }` with a 4xx for anything the caller did, and 500 only for our own faults. */
export function installErrorHandler(app: FastifyInstance, bodyLimitBytes: number) {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.status)
        .send(error.code ? { detail: error.message, code: error.code } : { detail: error.message });
    }

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
        return reply
          .code(413)
          .send({ detail: `The request body is too large (limit ${bodyLimitBytes} bytes).` });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({
          detail: `Unsupported content type '${request.headers['content-type'] ?? ''}'. Send application/json.`,
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: 'The JSON body is empty.' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ detail: `The body is not valid JSON: ${fastifyError.message}` });
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
