import { auditPage, auditQuery, uuid } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AuditRepository } from './audit.repository.ts';

/** The audit log (issue 17 item 6): a company's for its OWNER and the administrator; every company's for the latter. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditRepository }> = async (app, { audit }) => {
  app.get(
    '/companies/:id/audit-log',
    {
      config: { access: access.company('ViewAuditLog', (request) => (request.params as { id: string }).id) },
      schema: {
        tags: ['audit'],
        summary: "Search a company's audit log: who changed what and when, newest first",
        params: z.object({ id: uuid }),
        querystring: auditQuery,
        response: { 200: auditPage, ...errorResponses },
      },
    },
    (request) => audit.search({ ...request.query, companyId: request.params.id }),
  );

  app.get(
    '/audit-log',
    {
      config: { access: access.platformAdmin() },
      schema: {
        tags: ['audit'],
        summary: 'Search the audit log of every company (platform administrator)',
        querystring: auditQuery,
        response: { 200: auditPage, ...errorResponses },
      },
    },
    (request) => audit.search({ ...request.query, companyId: request.query.company_id }),
  );
};
