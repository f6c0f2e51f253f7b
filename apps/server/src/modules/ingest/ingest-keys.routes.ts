import { randomBytes } from 'node:crypto';
import { createdIngestKey, createIngestKeyRequest, errorResponse, ingestKey, uuid } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, hashToken, requireAuth } from '../../auth/access.ts';
import { notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { mosquittoHash } from './broker-accounts.ts';
import type { IngestKeyRow, IngestKeysRepository } from './ingest-keys.repository.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

const toKey = (row: IngestKeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

/** Per-company keys for gateways (ADMIN and OWNER): answered once at creation, stored as a SHA-256 hash. */
export const ingestKeysRoutes: FastifyPluginAsyncZod<{
  repository: IngestKeysRepository;
  audit: AuditRepository;
}> = async (app, { repository, audit }) => {
  const rule = {
    access: access.company('ManageIngestKeys', (request) => (request.params as { id: string }).id),
  };

  app.get(
    '/companies/:id/ingest-keys',
    {
      config: rule,
      schema: {
        tags: ['ingest'],
        summary: "The company's ingest keys (never the keys themselves)",
        params: z.object({ id: uuid }),
        response: { 200: z.array(ingestKey), ...errors },
      },
    },
    async (request) => (await repository.list(request.params.id)).map(toKey),
  );

  app.post(
    '/companies/:id/ingest-keys',
    {
      config: rule,
      schema: {
        tags: ['ingest'],
        summary: 'Create an ingest key; the key is in this answer only',
        params: z.object({ id: uuid }),
        body: createIngestKeyRequest,
        response: { 201: createdIngestKey, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const prefix = randomBytes(4).toString('hex');
      const key = `sdp_${prefix}_${randomBytes(24).toString('base64url')}`;
      const row = await repository.insert({
        company_id: request.params.id,
        name: request.body.name,
        prefix,
        key_hash: hashToken(key),
        broker_hash: mosquittoHash(key),
        created_by: auth.userId,
      });
      await audit.record({
        userId: auth.userId,
        companyId: request.params.id,
        action: 'create',
        entity: 'ingest-key',
        entityId: row.id,
        detail: { name: row.name },
      });
      return reply.code(201).send({ ...toKey(row), key });
    },
  );

  app.delete(
    '/companies/:id/ingest-keys/:keyId',
    {
      config: rule,
      schema: {
        tags: ['ingest'],
        summary: 'Revoke an ingest key at once',
        params: z.object({ id: uuid, keyId: uuid }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!(await repository.revoke(request.params.id, request.params.keyId)))
        throw notFound('This ingest key does not exist or is already revoked.');
      await audit.record({
        userId: auth.userId,
        companyId: request.params.id,
        action: 'revoke',
        entity: 'ingest-key',
        entityId: request.params.keyId,
      });
      return reply.code(204).send(null);
    },
  );
};
