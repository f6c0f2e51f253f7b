import { company, companyList, companyListQuery, companyPayload, retentionRequest } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireAuth } from '../../auth/access.ts';
import { errorResponses, idParams } from '../../lib/route-schemas.ts';
import type { CompaniesService } from './companies.service.ts';

export const companiesRoutes: FastifyPluginAsyncZod<{ service: CompaniesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/companies',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['companies'],
        summary:
          'Companies: every company for ADMIN (deleted ones with ?deleted=include|only), your companies otherwise',
        querystring: companyListQuery,
        response: { 200: companyList, ...errorResponses },
      },
    },
    (request) => service.list(requireAuth(request), request.query.deleted),
  );

  app.post(
    '/companies',
    {
      config: { access: access.platformAdmin() },
      schema: {
        tags: ['companies'],
        summary: 'Create a company',
        body: companyPayload,
        response: { 201: company, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    '/companies/:id',
    {
      config: { access: access.company('ViewCompany', (request) => (request.params as { id: string }).id) },
      schema: {
        tags: ['companies'],
        summary: 'One company',
        params: idParams,
        response: { 200: company, ...errorResponses },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.put(
    '/companies/:id',
    {
      config: { access: access.platformAdmin() },
      schema: {
        tags: ['companies'],
        summary: 'Update a company (the initial code cannot change)',
        params: idParams,
        body: companyPayload,
        response: { 200: company, ...errorResponses },
      },
    },
    (request) => service.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/companies/:id',
    {
      config: { access: access.platformAdmin() },
      schema: {
        tags: ['companies'],
        summary: 'Delete a company (soft: it can be restored)',
        params: idParams,
        response: { 200: company, ...errorResponses },
      },
    },
    (request) => service.setDeleted(requireAuth(request), request.params.id, true),
  );

  app.put(
    '/companies/:id/retention',
    {
      config: {
        access: access.company('ManageIngestKeys', (request) => (request.params as { id: string }).id),
      },
      schema: {
        tags: ['companies'],
        summary: 'How long measurements are kept (days, 30 to 36,500); older ones are deleted daily',
        params: idParams,
        body: retentionRequest,
        response: { 200: company, ...errorResponses },
      },
    },
    (request) => service.setRetention(requireAuth(request), request.params.id, request.body.retention_days),
  );

  app.post(
    '/companies/:id/restore',
    {
      config: { access: access.platformAdmin() },
      schema: {
        tags: ['companies'],
        summary: 'Restore a deleted company',
        params: idParams,
        response: { 200: company, ...errorResponses },
      },
    },
    (request) => service.setDeleted(requireAuth(request), request.params.id, false),
  );
};
