import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/pool.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { MailRepository, OutboxMessage } from './mail.repository.ts';

/**
 * The SMTP URL with `pool=true` unless it says otherwise: a pooled transport keeps up to five connections open and
 * sends message after message on them. A connection per message (nodemailer's default) cost about 100 ms each on
 * loopback before the first byte of mail, so 500 schedule digests queued at once took 55 s to leave
 * (bench/schedules.ts); a real relay's TLS handshake and AUTH cost more.
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * Mail goes through the outbox: the message is stored with the change that caused it and a `send-mail` job is
 * queued in the same transaction. The worker delivers it over SMTP_URL, or, without an SMTP server, leaves it
 * in the outbox for administrators to read ('stored').
 */
export function createMailService(deps: {
  repository: MailRepository;
  jobs: Jobs;
  smtpUrl: string | null;
  from: string;
}) {
  const { repository, jobs } = deps;
  let transport: Transporter | null = null;

  return {
    /** Stores and queues one message; null (and nothing queued) when its run key was already used. */
    async enqueue(message: OutboxMessage, within: Db): Promise<string | null> {
      const id = await repository.insert(message, within);
      if (id) await jobs.send('send-mail', { outboxId: id }, within);
      return id;
    },

    /** The `send-mail` job: throws on an SMTP failure so pg-boss retries; the last failure is final. */
    async deliver(outboxId: string, attempt: { retryCount: number; retryLimit: number }) {
      const message = await repository.find(outboxId);
      if (!message || message.state === 'sent' || message.state === 'stored') return;
      if (!deps.smtpUrl) {
        await repository.markAttempt(outboxId, 'stored', null);
        return;
      }
      transport ??= nodemailer.createTransport(pooled(deps.smtpUrl));
      const attachment = message.attachment_id
        ? await repository.attachment(message.attachment_id)
        : undefined;
      try {
        await transport.sendMail({
          ...(attachment
            ? {
                attachments: [
                  {
                    filename: attachment.file_name,
                    content: attachment.content,
                    contentType: 'application/pdf',
                  },
                ],
              }
            : {}),
          from: deps.from,
          to: message.recipient,
          subject: message.subject,
          text: message.body_text,
          ...(message.body_html ? { html: message.body_html } : {}),
        });
        await repository.markAttempt(outboxId, 'sent', null);
      } catch (error) {
        const final = attempt.retryCount >= attempt.retryLimit;
        await repository.markAttempt(outboxId, final ? 'failed' : 'queued', (error as Error).message);
        throw error;
      }
    },

    close() {
      transport?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
