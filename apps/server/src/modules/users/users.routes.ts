import { errorResponse, meResponse, selectCompanyRequest, userLanguageRequest, uuid } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/users/me',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, the companies they may open and their permissions in one company',
        querystring: z.object({ company_id: uuid.optional() }),
        response: { 200: meResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return service.me(auth.userId, auth.selectedCompanyId, request.query.company_id);
    },
  );

  app.put(
    '/users/me/company',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['users'],
        summary: 'Select the company the session works in',
        body: selectCompanyRequest,
        response: { 200: meResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return service.selectCompany(auth.sessionId, auth.userId, request.body.company_id);
    },
  );

  app.put(
    '/users/me/language',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['users'],
        summary:
          'Keep the language you read the portal in (the web app sends it when you choose one): your mails are written in it',
        body: userLanguageRequest,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await service.setLanguage(auth.userId, request.body.language);
      return reply.code(204).send(null);
    },
  );
};
