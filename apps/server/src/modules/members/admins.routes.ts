import {
  adminEmailRequest,
  adminList,
  editAdminRequest,
  inviteAdminRequest,
  messageResponse,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AdminsService } from './admins.service.ts';

export const adminsRoutes: FastifyPluginAsyncZod<{ service: AdminsService }> = async (app, { service }) => {
  const rule = { access: access.platformAdmin() };

  app.get(
    '/admins',
    {
      config: rule,
      schema: {
        tags: ['admins'],
        summary: 'Platform administrators',
        response: { 200: adminList, ...errorResponses },
      },
    },
    () => service.list(),
  );

  app.post(
    '/admins',
    {
      config: rule,
      schema: {
        tags: ['admins'],
        summary: 'Invite an administrator by e-mail',
        body: inviteAdminRequest,
        response: { 201: messageResponse, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.invite(requireAuth(request), request.body)),
  );

  app.put(
    '/admins/profile-edit',
    {
      config: rule,
      schema: {
        tags: ['admins'],
        summary: 'Edit an active administrator (by e-mail)',
        body: editAdminRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    (request) => service.edit(requireAuth(request), request.body),
  );

  app.post(
    '/admins/reinvite',
    {
      config: rule,
      schema: {
        tags: ['admins'],
        summary: "Send a pending administrator's invitation again",
        body: adminEmailRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    (request) => service.reinvite(requireAuth(request), request.body.email),
  );

  app.post(
    '/admins/active',
    {
      config: rule,
      schema: {
        tags: ['admins'],
        summary: 'Activate an inactive administrator',
        body: adminEmailRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    (request) => service.activate(requireAuth(request), request.body.email),
  );

  app.delete(
    '/admins/:id',
    {
      config: rule,
      schema: {
        tags: ['admins'],
        summary: 'Delete (deactivate) an administrator, by id or e-mail; not yourself',
        params: z.object({ id: z.string().min(1).max(320) }),
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    (request) => service.remove(requireAuth(request), request.params.id),
  );
};
