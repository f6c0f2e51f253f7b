import { errorResponse, uuid } from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The refusals most routes document: invalid input, no session, no permission, no such thing, a conflict. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

export const idParams = z.object({ id: uuid });

/** `:id` of a route, for access resolvers (they run before the handler's typed params). */
export const paramId = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * For hot reads whose answer the code builds with its own types (trees, chart series, spectra): the response schema
 * still documents the route, but the answer is serialised without a second validation pass over every element.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
