import { errorResponse, outboxPage, outboxQuery } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import type { MailRepository } from '../../mail/mail.repository.ts';

/** The administrators' 'Mail outbox': every message the portal sent or holds, newest first. */
export const mailOutboxRoutes: FastifyPluginAsyncZod<{
  repository: MailRepository;
  /**
   * MAIL_OUTBOX_SHOWS_LINKS: show messages with their secrets (invitation links), for development and tests
   * without a mail server. Off: administrators read the copy without them (issue 11).
   */
  showSecrets?: boolean;
}> = async (app, { repository, showSecrets = false }) => {
  app.get(
    '/mail-outbox',
    {
      config: { access: access.platformAdmin() },
      schema: {
        tags: ['mail'],
        summary: 'Mail outbox: subject, recipient, time, body (without invitation links) and delivery state',
        querystring: outboxQuery,
        response: { 200: outboxPage, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { page, perPage, recipient } = request.query;
      const { items, total } = await repository.page((page - 1) * perPage, perPage, recipient);
      return {
        total,
        items: items.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          subject: row.subject,
          body: showSecrets ? row.body_text : (row.shown_text ?? row.body_text),
          state: row.state,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: row.created_at.toISOString(),
          sentAt: row.sent_at ? row.sent_at.toISOString() : null,
        })),
      };
    },
  );
};
