import {
  acceptInvitationRequest,
  errorResponse,
  invitationInfo,
  loginResponse,
  messageResponse,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import { TooManyAttempts } from '../../auth/auth.service.ts';
import type { InvitationsService } from './invitations.service.ts';

interface Options {
  service: InvitationsService;
  /** Opens a session for the user and sets its cookie; the same path a password sign-in takes. */
  signIn: (userId: string, reply: import('fastify').FastifyReply) => Promise<z.infer<typeof loginResponse>>;
}

const tokenParams = z.object({ token: z.string().min(10).max(200) });
const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse };

export const invitationsRoutes: FastifyPluginAsyncZod<Options> = async (app, { service, signIn }) => {
  app.get(
    '/auth/invitations/:token',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for',
        params: tokenParams,
        response: { 200: invitationInfo, ...errors },
      },
    },
    (request) => service.info(request.params.token),
  );

  app.post(
    '/auth/invitations/:token/accept',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary:
          'A new account accepts its invitation with a name and password (local accounts) and is signed in; an existing account is refused (409): it signs in and accepts',
        params: tokenParams,
        body: acceptInvitationRequest,
        response: { 200: loginResponse, ...errors, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const userId = await service
        .acceptWithPassword(request.params.token, request.body.name, request.body.password, request.ip)
        .catch((error: unknown) => {
          if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        });
      return signIn(userId, reply);
    },
  );

  app.post(
    '/auth/invitations/:token/accept-signed-in',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['auth'],
        summary: 'An existing account, signed in as itself, accepts the invitation sent to its e-mail',
        params: tokenParams,
        response: { 200: messageResponse, 401: errorResponse, 403: errorResponse, ...errors },
      },
    },
    (request) => service.acceptSignedIn(request.params.token, requireAuth(request).userId),
  );
};
