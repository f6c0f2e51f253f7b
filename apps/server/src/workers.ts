import type { Jobs } from './jobs/jobs.ts';
import type { MailService } from './mail/mail.service.ts';
import type { AnalysisService } from './modules/analysis/analysis.service.ts';
import type { AuditRepository } from './modules/audit/audit.repository.ts';
import type { EmailSchedulesService } from './modules/email-schedules/email-schedules.service.ts';
import type { FaultEventsService } from './modules/fault-events/fault-events.service.ts';
import type { IngestService } from './modules/ingest/ingest.service.ts';
import type { ReportsService } from './modules/reports/reports.service.ts';

/**
 * Wiring, beside app.ts: the job queues (jobs/, which imports no module) get their handlers from the modules here.
 * One handler per queue; a process with ROLE=api registers none, ROLE=worker or all registers them all.
 */
export async function registerWorkers(
  jobs: Jobs,
  services: {
    mail: MailService;
    analysis: AnalysisService;
    ingest: Pick<IngestService, 'requeueUnanalysed'>;
    emailSchedules: EmailSchedulesService;
    reports: ReportsService;
    faultEvents: Pick<FaultEventsService, 'escalate'>;
    audit: AuditRepository;
    auditRetentionDays: number;
  },
) {
  await jobs.work('send-mail', (data, attempt) => services.mail.deliver(data.outboxId, attempt));
  await jobs.work('analyse', (data) => services.analysis.analyse(data.modelId));
  await jobs.work('maintain', async () => {
    await services.analysis.maintain();
    // A capture's analysis job is sent after its commit: one a stopped process never sent is sent now.
    await services.ingest.requeueUnanalysed();
    // Unacknowledged fault events past their company's time remind the assignees, then the owners (issue 26 item 6).
    await services.faultEvents.escalate();
  });
  await jobs.work('retention', async () => {
    await services.analysis.applyRetention();
    if (services.auditRetentionDays > 0) await services.audit.purgeOlderThan(services.auditRetentionDays);
  });
  await jobs.work('email-schedule', async (data) => {
    await services.emailSchedules.run(data.scheduleId);
  });
  await jobs.work('report-schedule', async (data) => {
    await services.reports.runScheduled(data.companyId, data.kind);
  });
  await jobs.work('realtime-report', async (data) => {
    await services.reports.runRealtime(data.modelId, data.faultEventId);
  });
  await jobs.schedule();
  // Schedules and their cron jobs agree, and what came due while no server ran is sent once (run keys).
  await services.emailSchedules.startUp();
  await services.reports.startUp();
}
