import type { MailService } from '../mail/mail.service.ts';
import type { AnalysisService } from '../modules/analysis/analysis.service.ts';
import type { Jobs } from './jobs.ts';

/** One handler per queue; a process with ROLE=api registers none, ROLE=worker or all registers them all. */
export async function registerWorkers(
  jobs: Jobs,
  services: { mail: MailService; analysis: AnalysisService },
) {
  await jobs.work('send-mail', (data, attempt) => services.mail.deliver(data.outboxId, attempt));
  await jobs.work('analyse', (data) => services.analysis.analyse(data.modelId));
  await jobs.work('maintain', () => services.analysis.maintain());
  await jobs.work('retention', () => services.analysis.applyRetention());
  await jobs.schedule();
}
