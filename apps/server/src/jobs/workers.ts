import type { MailService } from '../mail/mail.service.ts';
import type { Jobs } from './jobs.ts';

/** One handler per queue; a process with ROLE=api registers none, ROLE=worker or all registers them all. */
export async function registerWorkers(jobs: Jobs, services: { mail: MailService }) {
  await jobs.work('send-mail', (data, attempt) => services.mail.deliver(data.outboxId, attempt));
}
