import type { Readable } from 'node:stream';
import { amplitudeSpectrum, predictedFailures, spectrumFrequencies, velocitySpectrum } from '@sdp/analytics';
import {
  FAILURE_MODE_WORDS,
  type ModelSettings,
  REPORT_MAX_DAYS,
  type ReportConfig,
  type ReportConfigUpdate,
  type ReportKind,
  type ReportMember,
} from '@sdp/contracts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import type { Db } from '../../db/pool.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { localTime } from '../../lib/zoned-dates.ts';
import type { MailService } from '../../mail/mail.service.ts';
import { escapeHtml } from '../../mail/user-text.ts';
import { diagnoseCapture, sensorMarkContext } from '../analysis/capture-diagnosis.ts';
import { monitoredLimits } from '../analysis/limits.ts';
import type { EmailSchedulesRepository } from '../email-schedules/email-schedules.repository.ts';
import {
  cronOf,
  latestOccurrence,
  previousOccurrence,
  type Recurrence,
} from '../email-schedules/schedule-time.ts';
import { createAlarmPrecisionRepository } from '../fault-events/alarm-precision.repository.ts';
import { createAlarmPrecisionService } from '../fault-events/alarm-precision.service.ts';
import { engineModeOf } from '../fault-events/diagnosis.ts';
import type { MasterData, MasterRepository } from '../models/master.repository.ts';
import { readSettings } from '../models/settings.ts';
import type { StatusHistoryService } from '../status-history/status-history.service.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import { spectrumAxisMaxHz, type TrendChart } from './report-charts.ts';
import { reportMail } from './report-mail.ts';
import { type ReportData, renderReportPdf } from './report-pdf.ts';
import { MODEL_TYPE_OF_KIND, type ReportsRepository } from './reports.repository.ts';

const QUEUE = 'report-schedule';
const DAY_MS = 86_400_000;
/** Chart width in points; M4 keeps 4 points per column of it. */
const CHART_COLUMNS = 470;
/** The MCA monthly report goes out at 08:00 company time on its day (the dialog sets the day only). */
const MCA_SEND_TIME = '08:00:00';
const MAX_INDICATORS = 16;
const SPECTRUM_POINTS = 1200;

/** Reads an uploaded image by its URL (/api/v1/files/<kind>/<name>), or null. */
export type LogoReader = (url: string) => Promise<Buffer | null>;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function logoReaderOf(open: (kind: string, name: string) => Promise<Readable | null>): LogoReader {
  return async (url) => {
    const match = /^\/api\/v1\/files\/([a-z-]+)\/([^/]+)$/.exec(url);
    if (!match) return null;
    const stream = await open(match[1] as string, match[2] as string);
    return stream ? readAll(stream) : null;
  };
}

/** The recurrence of a company's report setting: MCA monthly on its day, RVS daily at its time. */
export function reportRecurrence(
  kind: ReportKind,
  setting: { interval_day: number | null; interval_time: string | null },
  timeZone: string,
): Recurrence {
  return kind === 'MCA'
    ? { iterable: 30, time: MCA_SEND_TIME, timeZone, day: setting.interval_day ?? 1 }
    : { iterable: 1, time: setting.interval_time ?? '08:00:00', timeZone, day: null };
}

/** Keeps the largest amplitude of each group of bins, so a 16k-bin spectrum draws the same peaks in 1200 points. */
function peakDecimate(frequencies: Float64Array, amplitudes: Float64Array, points: number) {
  const step = Math.max(1, Math.ceil(amplitudes.length / points));
  const f: number[] = [];
  const a: number[] = [];
  for (let start = 0; start < amplitudes.length; start += step) {
    let best = start;
    for (let k = start; k < Math.min(start + step, amplitudes.length); k++)
      if ((amplitudes[k] ?? 0) > (amplitudes[best] ?? 0)) best = k;
    f.push(Number((frequencies[best] ?? 0).toFixed(2)));
    a.push(Number((amplitudes[best] ?? 0).toPrecision(4)));
  }
  return { f, a };
}

/** 429 for a user past their report PDFs of the minute; `retryAfterSeconds` goes into Retry-After. */
export class ReportRateLimited extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(perMinute: number, retryAfterSeconds: number) {
    super(
      429,
      `You asked for more than ${perMinute} report PDFs in a minute (REPORT_PDF_MAX_PER_USER_PER_MINUTE). Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      'report-rate-limit',
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * Online reports (spec 01 §2, §7 'Reports', spec 03 §2.17, §7.6): the MCA monthly and RVS daily settings with
 * their recipients and pg-boss schedules, the PDF rendered from stored data, and its delivery through the outbox.
 */
export function createReportsService(deps: {
  db: Db;
  repository: ReportsRepository;
  /** Schedule runs are shared with the e-mail schedules: one claim per run key, whoever sends. */
  runs: Pick<EmailSchedulesRepository, 'claimRun' | 'recordMails'>;
  timeseries: TimeseriesRepository;
  /** The model's stored status history: the report's days are the ones GET …/status-history answers. */
  statusHistory: Pick<StatusHistoryService, 'days'>;
  master: MasterRepository;
  jobs: Jobs;
  mail: MailService;
  readLogo: LogoReader;
  /** On-demand PDFs: per user a minute, and the bytes of stored PDFs per company (issue 23 item 15). */
  limits: { perUserPerMinute: number; maxBytesPerCompany: number };
  /** A model's report goes only to the chosen recipients who see that model (issue 23 item 10). */
  visibility: Pick<EquipmentVisibility, 'membersSeeingModel'>;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, repository, jobs, mail } = deps;
  const now = deps.now ?? (() => new Date());
  const precision = createAlarmPrecisionService(createAlarmPrecisionRepository(db));

  async function buildData(modelId: string, from: Date, to: Date, kind: ReportKind): Promise<ReportData> {
    const model = await repository.model(modelId);
    if (!model) throw notFound('Model not found.');
    const company = await repository.company(model.company_id);
    if (!company) throw notFound('Company not found.');
    const [logo, configuration, settingsRow, master, series, events, notes, daily] = await Promise.all([
      company.image_path ? deps.readLogo(company.image_path).catch(() => null) : null,
      repository.configuration(modelId),
      repository.settings(modelId),
      deps.master.get(),
      deps.timeseries.series(modelId),
      repository.events(modelId, from, to),
      repository.notes(modelId, from, to),
      deps.statusHistory.days(modelId, from, to, company.time_zone),
    ]);
    const settings = readSettings(settingsRow?.document, model.title);
    const limits = monitoredLimits(settings, master);
    // A tag by the name the fault-event page and API give it (the diagnosis' quantity, else the monitored limit's
    // name: 'Pump DE envelope V'), never its code ('P101-PDE.envelope.y').
    const named = events.map((e) => ({ ...e, name: e.quantity ?? limits.get(e.tag)?.name ?? e.tag }));
    const fromS = from.getTime() / 1000;
    const toS = to.getTime() / 1000;
    const eventsByTag = new Map<string, typeof events>();
    for (const event of events) eventsByTag.set(event.tag, [...(eventsByTag.get(event.tag) ?? []), event]);
    // Indicators with limits first (those the model is judged by), those with events before the rest.
    const candidates = series
      .filter((s) => limits.has(s.tag))
      .sort(
        (a, b) =>
          (eventsByTag.get(b.tag)?.length ?? 0) - (eventsByTag.get(a.tag)?.length ?? 0) ||
          a.tag.localeCompare(b.tag),
      );
    const indicators: TrendChart[] = [];
    const loaded = await Promise.all(
      candidates.slice(0, MAX_INDICATORS * 2).map(async (s) => ({
        s,
        points: await deps.timeseries.m4ToWidth(s.id, fromS, toS, CHART_COLUMNS),
      })),
    );
    for (const { s, points } of loaded) {
      if (points.length === 0 || indicators.length >= MAX_INDICATORS) continue;
      const limit = limits.get(s.tag);
      indicators.push({
        title: limit?.name ?? s.tag,
        unit: s.unit,
        points: points.map((p) => ({ t: p.t, v: p.v })),
        warning: limit?.warning ?? null,
        alarm: limit?.alarm ?? null,
        from: from.getTime(),
        to: to.getTime(),
        timeZone: company.time_zone,
        events: (eventsByTag.get(s.tag) ?? []).map((e) => ({
          t: e.event_date.getTime(),
          v: e.alarm_value,
          level: e.alarm_type,
        })),
      });
    }
    const recommendations = [
      ...new Set(
        named
          .filter((e) => e.recommendation.trim() || e.cause.trim())
          .map((e) => `${e.name}: ${[e.cause.trim(), e.recommendation.trim()].filter(Boolean).join(' — ')}`),
      ),
    ];
    const data: ReportData = {
      kind,
      company: { title: company.title, logo },
      model: {
        title: model.title,
        code: model.code,
        type: model.type_title,
        tagCode: model.tag_code,
        tagAlias: model.tag_alias,
        status: model.status,
      },
      period: { from, to, timeZone: company.time_zone },
      generatedAt: now(),
      configuration: configuration.map((c) => ({ title: c.title, value: c.value, unit: c.unit_code })),
      // A day the history does not reach reads as one without data.
      statusDays: daily.map((d) => ({ day: d.day, status: d.status ?? -1 })),
      indicators,
      events: named,
      notes,
      recommendations,
    };
    // The model's alarm precision over the report's period, as GET /fault-event/precision answers it.
    data.precision = (
      await precision.figures({
        companyId: model.company_id,
        modelId,
        visibleTags: null,
        from,
        to,
      })
    ).total;
    if (kind === 'RVS') {
      // The machine diagram uploaded in the model settings (spec 03 §2.3); an unreadable one is left out.
      const diagramUrl = settings.rvs_diagram_in.diagram_url;
      data.diagram = diagramUrl ? await deps.readLogo(diagramUrl).catch(() => null) : null;
      await addVibration(
        data,
        modelId,
        to,
        settings.raw_vibration_sensor_in,
        (code) => configuration.find((row) => row.tag_code === code)?.value,
        master.bearings,
      );
    }
    return data;
  }

  /**
   * RVS: the latest velocity spectrum per sensor and axis, marked at 1×–3× shaft speed, and its failure modes as the
   * model page's Predicted Failures scores them (the same engine on the same capture, bearing and running speed).
   */
  async function addVibration(
    data: ReportData,
    modelId: string,
    to: Date,
    sensors: ModelSettings['raw_vibration_sensor_in'],
    config: (code: string) => string | undefined,
    bearings: MasterData['bearings'],
  ) {
    const bySensor = new Map(sensors.map((s) => [s.sensorId, s]));
    data.spectra = [];
    data.predictedFailures = [];
    for (const waveform of await repository.latestWaveforms(modelId, to)) {
      const sensor = bySensor.get(waveform.sensor);
      const samples = new Float32Array(new Uint8Array(waveform.samples).buffer);
      if (samples.length < 16) continue;
      const velocity = velocitySpectrum(
        amplitudeSpectrum(samples, waveform.sample_rate, { removeMean: true }),
      );
      const context = sensor ? sensorMarkContext(sensor, config, bearings) : null;
      const shaftHz = context?.shaftHz ?? 0;
      // The axis fits the lines (not the whole band up to Nyquist); the points are spent on what is shown.
      const frequencies = spectrumFrequencies(velocity);
      const shownHz = spectrumAxisMaxHz(frequencies, velocity.amplitude, shaftHz > 0 ? [3 * shaftHz] : []);
      const shown = frequencies.findLastIndex((hz) => hz <= shownHz) + 1;
      const { f, a } = peakDecimate(
        frequencies.subarray(0, shown),
        velocity.amplitude.subarray(0, shown),
        SPECTRUM_POINTS,
      );
      const name = `${sensor?.sensorName ?? waveform.sensor} ${waveform.channel.toUpperCase()}`;
      data.spectra.push({
        title: `${name} — ${localTime(waveform.captured_at, data.period.timeZone)}`,
        unit: 'Velocity, mm/s',
        frequencies: f,
        amplitudes: a,
        marks: shaftHz > 0 ? [1, 2, 3].map((order) => ({ hz: order * shaftHz, label: `${order}×` })) : [],
      });
      if (!context || shaftHz <= 0) continue;
      const verdict = predictedFailures(diagnoseCapture(samples, waveform.sample_rate, context));
      for (const score of [...verdict.alarms, ...verdict.warnings]) {
        // Words, not codes: 'Bearing outer race defect', 'Mechanical looseness'.
        const words = FAILURE_MODE_WORDS.en[engineModeOf(score)];
        data.predictedFailures.push({
          sensor: name,
          failure: words.name,
          evidence: `${score.description} (${score.percent}% of alarm)`,
          level: score.status,
        });
        data.recommendations.push(`${name}: ${words.recommendation}`);
      }
    }
  }

  async function render(modelId: string, from: Date, to: Date, kind: ReportKind) {
    const data = await buildData(modelId, from, to, kind);
    const pdf = await renderReportPdf(data);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const name =
      `${data.model.code}_${kind}_report_${day(from)}_${day(new Date(to.getTime() - 1))}.pdf`.replace(
        /[^A-Za-z0-9_.-]/g,
        '_',
      );
    return { pdf, name, data };
  }

  /** Renders one model's report and queues it to the recipients, once per run key. Answers mails queued. */
  async function sendModelReport(
    companyId: string,
    kind: ReportKind,
    modelId: string,
    from: Date,
    to: Date,
    runKey: string,
  ) {
    const seeing = await deps.visibility.membersSeeingModel(modelId);
    const recipients = (await repository.recipients(companyId, kind)).filter((r) => seeing.has(r.id));
    if (recipients.length === 0) return 0;
    const { pdf, name, data } = await render(modelId, from, to, kind);
    // One mail per language, each recipient's in the language they read the portal in (issue 27 item 5).
    const messages = { en: reportMail(data, name, 'en'), th: reportMail(data, name, 'th') };
    const link = `${deps.publicUrl.replace(/\/$/, '')}/model/${modelId}`;
    return db.transaction().execute(async (trx) => {
      if (!(await deps.runs.claimRun(runKey, trx))) return 0;
      const fileId = await repository.insertFile(
        { companyId, modelId, kind, name, content: pdf, userId: null },
        trx,
      );
      let queued = 0;
      for (const { email, language } of recipients) {
        const message = messages[language];
        const id = await mail.enqueue(
          {
            recipient: email,
            subject: message.subject,
            text: `${message.text}${link}`,
            html: `${message.html}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
            companyId,
            attachmentId: fileId,
            runKey: `${runKey}:${email}`,
          },
          trx,
        );
        if (id) queued += 1;
      }
      await deps.runs.recordMails(runKey, queued, trx);
      return queued;
    });
  }

  async function runSetting(companyId: string, kind: ReportKind, occurrence: Date, recurrence: Recurrence) {
    const from =
      kind === 'MCA' ? previousOccurrence(recurrence, occurrence) : new Date(occurrence.getTime() - DAY_MS);
    let sent = 0;
    for (const model of await repository.modelsOfKind(companyId, kind))
      sent += await sendModelReport(
        companyId,
        kind,
        model.id,
        from,
        occurrence,
        `report:${companyId}:${kind}:${occurrence.toISOString()}:${model.id}`,
      );
    return sent;
  }

  async function syncJob(
    companyId: string,
    kind: ReportKind,
    setting: { is_auto_send: boolean; interval_day: number | null; interval_time: string | null },
    timeZone: string,
  ) {
    const key = `${companyId}/${kind}`;
    if (!setting.is_auto_send) {
      await jobs.unscheduleKeyed(QUEUE, key);
      return;
    }
    const recurrence = reportRecurrence(kind, setting, timeZone);
    await jobs.scheduleKeyed(QUEUE, key, cronOf(recurrence), timeZone, { companyId, kind });
  }

  return {
    async config(companyId: string, kind: ReportKind): Promise<ReportConfig> {
      const { row, memberIds } = await repository.setting(companyId, kind);
      return {
        is_auto_send: row?.is_auto_send ?? false,
        interval_day: row?.interval_day ?? null,
        interval_time: row?.interval_time ?? null,
        memberIds,
      };
    },

    members(companyId: string, kind: ReportKind): Promise<ReportMember[]> {
      return repository.members(companyId, kind);
    },

    /** Saves a setting and its recipients in one transaction; bad input changes nothing. */
    async update(companyId: string, kind: ReportKind, input: ReportConfigUpdate) {
      if (kind === 'MCA') {
        if (input.intervalDay == null) throw badRequest('intervalDay: choose the day of the month (1–28).');
        if (input.intervalTime != null)
          throw badRequest('intervalTime: the MCA report is monthly; send intervalDay only.');
      } else {
        if (input.intervalTime == null)
          throw badRequest('intervalTime: choose the time of day (HH:MM:00, every 30 minutes).');
        if (input.intervalDay != null)
          throw badRequest('intervalDay: the RVS report is daily; send intervalTime only.');
      }
      const memberIds = [...new Set(input.memberIds)];
      if (memberIds.length === 0) throw badRequest('memberIds: choose at least one recipient.');
      const members = new Set((await repository.members(companyId, kind)).map((m) => m.id));
      const outside = memberIds.filter((id) => !members.has(id));
      if (outside.length)
        throw badRequest(`memberIds: ${outside.join(', ')} is not an active member of this company.`);
      const company = await repository.company(companyId);
      if (!company) throw notFound('Company not found.');
      const values = {
        is_auto_send: input.isAutoSend,
        interval_day: kind === 'MCA' ? (input.intervalDay ?? null) : null,
        interval_time: kind === 'RVS' ? (input.intervalTime ?? null) : null,
      };
      await db
        .transaction()
        .execute((trx) => repository.saveSetting(companyId, kind, values, memberIds, trx));
      await syncJob(companyId, kind, values, company.time_zone);
      return { message: 'success' };
    },

    /**
     * Get report PDF (spec 03 §7.6): the range is checked (start ≤ end, at most 31 days, start not in the future),
     * the PDF stored, and its URL answered.
     */
    async pdf(companyId: string, modelId: string, start: Date, end: Date, kind: ReportKind, userId: string) {
      if (end.getTime() < start.getTime())
        throw badRequest('end: The end date must be after the start date.');
      if (start.getTime() > now().getTime())
        throw badRequest('start: the start date cannot be in the future.');
      if (end.getTime() - start.getTime() > REPORT_MAX_DAYS * DAY_MS)
        throw badRequest(`end: a report covers at most ${REPORT_MAX_DAYS} days.`);
      const model = await repository.model(modelId);
      if (!model || model.company_id !== companyId) throw notFound('Model not found.');
      if (model.model_type_id !== MODEL_TYPE_OF_KIND[kind])
        throw badRequest(`type: this model is not an ${kind} model.`);
      const to = new Date(Math.min(end.getTime() + 1, now().getTime()));
      const { limits } = deps;
      const reserved = await repository.reserveFile({ companyId, modelId, kind, userId });
      try {
        if (reserved.recent > limits.perUserPerMinute)
          throw new ReportRateLimited(limits.perUserPerMinute, reserved.retryAfterSeconds);
        const storageFull = (bytes: number) =>
          conflict(
            `This company's stored report PDFs would take ${megabytes(bytes)} MB of the ${megabytes(limits.maxBytesPerCompany)} MB allowed (REPORT_FILES_MAX_MB_PER_COMPANY). Stored PDFs are removed after three days: try again later.`,
            'report-storage-full',
          );
        const stored = await repository.storedBytes(companyId);
        if (stored >= limits.maxBytesPerCompany) throw storageFull(stored);
        const { pdf, name } = await render(modelId, start, to, kind);
        if (stored + pdf.length > limits.maxBytesPerCompany) throw storageFull(stored + pdf.length);
        await repository.fillFile(reserved.id, name, pdf);
      } catch (error) {
        await repository.dropFile(reserved.id);
        throw error;
      }
      return { url: `/api/v1/companies/${companyId}/report-files/${reserved.id}` };
    },

    async file(companyId: string, id: string) {
      const file = await repository.file(id);
      if (!file || file.company_id !== companyId)
        throw notFound('Report file not found (files are kept three days).');
      return file;
    },

    /** The `report-schedule` job: the occurrence due now. */
    async runScheduled(companyId: string, kind: ReportKind): Promise<number> {
      const setting = (await repository.allSettings()).find(
        (s) => s.company_id === companyId && s.kind === kind,
      );
      if (!setting?.is_auto_send) return 0;
      const recurrence = reportRecurrence(kind, setting, setting.time_zone);
      return runSetting(companyId, kind, latestOccurrence(recurrence, now()), recurrence);
    },

    /** The `realtime-report` job: an RVS fault event on a model with 'auto-send realtime report' on. */
    async runRealtime(modelId: string, faultEventId: number): Promise<number> {
      const model = await repository.model(modelId);
      if (!model || model.model_type_id !== MODEL_TYPE_OF_KIND.RVS || !model.is_active) return 0;
      if (!(await repository.realtimeReportOn(modelId))) return 0;
      const to = now();
      return sendModelReport(
        model.company_id,
        'RVS',
        modelId,
        new Date(to.getTime() - DAY_MS),
        to,
        `realtime:${faultEventId}`,
      );
    },

    /** At start: every auto-send setting has its job; an occurrence missed while no server ran is sent once. */
    async startUp(): Promise<number> {
      let sent = 0;
      const settings = await repository.allSettings();
      const wanted = new Set(settings.filter((s) => s.is_auto_send).map((s) => `${s.company_id}/${s.kind}`));
      for (const scheduled of await jobs.keyedSchedules(QUEUE))
        if (!wanted.has(scheduled.key)) await jobs.unscheduleKeyed(QUEUE, scheduled.key);
      for (const setting of settings) {
        await syncJob(setting.company_id, setting.kind, setting, setting.time_zone);
        if (!setting.is_auto_send) continue;
        const recurrence = reportRecurrence(setting.kind, setting, setting.time_zone);
        const occurrence = latestOccurrence(recurrence, now());
        if (occurrence > setting.updated_at)
          sent += await runSetting(setting.company_id, setting.kind, occurrence, recurrence);
      }
      return sent;
    },

    render,
    /** The report's data alone (every query of a report, no PDF): the baseline of bench/report-pdf.ts. */
    data: buildData,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
