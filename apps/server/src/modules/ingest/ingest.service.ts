import { type IngestResult, MAX_WAVEFORM_SAMPLES, type WaveformMeta } from '@sdp/contracts';
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { HttpError } from '../../lib/http-error.ts';
import { noPhases, type PhaseRecorder } from '../../lib/phases.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import { type IngestModel, type IngestRepository, isUniqueViolation } from './ingest.repository.ts';
import {
  type CheckedPoint,
  checkPoint,
  parseTimestamp,
  type RawBatch,
  type RowError,
  timestampRangeError,
} from './parse.ts';
import { acceptedTags } from './tags.ts';
import { STORED_UNIT, toStoredUnitOffLoop } from './units.ts';

/** A series a batch writes to: its model and tag, its unit, its id once resolved and its newest point's time. */
interface SeriesOfBatch {
  modelId: string;
  tag: string;
  unit: string;
  id: number;
  latestMs: number;
}

export function createIngestService(deps: {
  pool: pg.Pool;
  repository: IngestRepository;
  master: MasterRepository;
  jobs: Jobs;
  /** How far ahead of the server's clock a point or capture may be stamped (INGEST_FUTURE_TOLERANCE_SECONDS). */
  futureToleranceMs: number;
  /** Told which models of a company got new data once it is committed: the `model-data` live event. */
  announce?: (companyId: string, modelIds: string[]) => void;
  /** Differentiates a capture sent in velocity or displacement off the event loop (units.ts). */
  compute?: Pick<ComputePool, 'call'>;
  /** Told of an analysis job that could not be sent after its data committed (the maintenance sends it). */
  warn?: (message: string, detail: Record<string, unknown>) => void;
}) {
  const { pool, repository, master, jobs, futureToleranceMs, announce, compute, warn } = deps;

  /**
   * Models named by the request, of the key's company only. A code that exists only in another company answers as
   * an unknown one, so a key cannot learn which codes other companies use.
   */
  async function resolveModels(companyId: string, codes: string[]) {
    const rows = await repository.modelsByCode([...new Set(codes)]);
    const mine = new Map<string, IngestModel>();
    for (const row of rows) if (row.company_id === companyId) mine.set(row.code, row);
    return mine;
  }

  /**
   * The model's analysis job, after the data committed and outside any transaction; none when one is already
   * waiting (it starts after this, so it takes this data too): a burst of batches or captures of a model mostly
   * reads.
   */
  const enqueueAnalysis = (modelId: string) =>
    jobs.send('analyse', { modelId }, undefined, { singletonKey: modelId, unlessWaiting: true });

  /**
   * enqueueAnalysis once the data is committed: the client is told it is stored, as it is, even when the queue
   * cannot be reached; the minute's maintenance sends the job then (requeueUnanalysed).
   */
  const enqueueAfterCommit = async (modelId: string) => {
    try {
      await enqueueAnalysis(modelId);
    } catch (error) {
      warn?.('analysis job not sent after ingest; the maintenance sends it', {
        modelId,
        error: (error as Error).message,
      });
    }
  };

  /**
   * Stores the batch in one transaction, all or nothing, then queues the analysis of each model touched. Once it
   * commits, open pages of those models hear of it.
   *
   * The analysis job is sent after the commit, as a capture's is (issue 28 item 1): sent inside the transaction, the
   * queue's singleton insert of a model's job waited on every other batch of the model still writing, and held the
   * batch's locks on its series rows meanwhile, so concurrent batches of one model committed one after another. The
   * points' queue rows (measurement_arrivals) are written in the transaction: a process stopping between the commit
   * and the send leaves them for the minute's maintenance, which sends the job again (requeueUnanalysed).
   */
  async function write<T>(
    companyId: string,
    work: (client: pg.PoolClient) => Promise<T>,
    modelIds: Iterable<string>,
    phases: PhaseRecorder,
  ): Promise<T> {
    const touched = [...modelIds];
    const result = await withTransaction(pool, work);
    phases.lap('commit');
    for (const modelId of touched) await enqueueAfterCommit(modelId);
    phases.lap('jobs');
    announce?.(companyId, touched);
    return result;
  }

  return {
    /**
     * Every minute (the maintenance job): the analysis job of every model that still has captures not analysed or
     * points queued for its analysis, in case a process stopped between storing them and enqueuing its job. A model
     * whose job is already waiting gets no second one.
     */
    async requeueUnanalysed() {
      const models = await repository.modelsWithUnanalysedData();
      for (const modelId of models) await enqueueAnalysis(modelId);
      return models.length;
    },

    /**
     * Checks, resolves and stores a batch; rejected rows are reported in row order. Written for batches of 100,000
     * points: one pass over the batch where it lies into parallel arrays, no object or string per point beyond what
     * the caller parsed (the allocation rate is what drives the server's memory).
     */
    async measurements(
      companyId: string,
      batch: RawBatch,
      phases: PhaseRecorder = noPhases,
    ): Promise<IngestResult> {
      const codes = new Set<string>();
      for (let i = 0; i < batch.length; i++) {
        const code = batch.modelCode(i);
        // A code PostgreSQL cannot hold (NUL) is refused on its row, not looked up.
        if (typeof code === 'string' && !code.includes('\0')) codes.add(code);
      }
      // Three independent look-ups (two are cached), side by side: one round trip's wait instead of three.
      const [models, oldestMs, data] = await Promise.all([
        resolveModels(companyId, [...codes]),
        repository.retentionStart(companyId),
        master.get(),
      ]);
      const limits = { nowMs: Date.now(), maxFutureMs: futureToleranceMs, oldestMs };
      /** A model's accepted tags and, once met in the batch, each tag's series (filled in once resolved). */
      const tagsByModel = new Map<
        string,
        { accepted: Map<string, string>; met: Map<string, SeriesOfBatch> }
      >();
      const errors: RowError[] = [];
      const seriesOfPoint: SeriesOfBatch[] = [];
      const ts: number[] = [];
      const values: number[] = [];
      const point: CheckedPoint = { modelCode: '', tag: '', tsMs: 0, value: 0 };
      // A JSON batch names one model: its look-ups are kept from one point to the next.
      let lastCode: string | undefined;
      let lastModel: IngestModel | undefined;
      let lastTags: { accepted: Map<string, string>; met: Map<string, SeriesOfBatch> } | undefined;
      for (let i = 0; i < batch.length; i++) {
        const row = i + 1;
        const reason = checkPoint(batch, i, limits, point);
        if (reason !== null) {
          errors.push({ row, reason });
          continue;
        }
        if (point.modelCode !== lastCode) {
          lastCode = point.modelCode;
          lastModel = models.get(point.modelCode);
          lastTags = undefined;
          if (lastModel?.is_active) {
            lastTags = tagsByModel.get(lastModel.id);
            if (!lastTags) {
              const accepted = acceptedTags(
                lastModel.model_type_id,
                lastModel.document,
                lastModel.code,
                data,
              );
              lastTags = { accepted, met: new Map() };
              tagsByModel.set(lastModel.id, lastTags);
            }
          }
        }
        if (!lastModel) {
          errors.push({ row, reason: `unknown model ${point.modelCode}` });
          continue;
        }
        if (!lastTags) {
          errors.push({ row, reason: `model ${point.modelCode} is inactive` });
          continue;
        }
        let series = lastTags.met.get(point.tag);
        if (!series) {
          const unit = lastTags.accepted.get(point.tag);
          if (unit === undefined) {
            errors.push({ row, reason: `unknown tag ${point.tag} for model ${point.modelCode}` });
            continue;
          }
          series = { modelId: lastModel.id, tag: point.tag, unit, id: 0, latestMs: point.tsMs };
          lastTags.met.set(point.tag, series);
        }
        if (series.latestMs < point.tsMs) series.latestMs = point.tsMs;
        seriesOfPoint.push(series);
        ts.push(point.tsMs);
        values.push(point.value);
      }
      if (!ts.length) return { accepted: 0, duplicates: 0, rejected: errors.length, errors };

      const met = [...tagsByModel.values()].flatMap((tags) => [...tags.met.values()]);
      const seriesOf = await repository.seriesIds(met);
      // Each model's newest point, for its time of last data.
      const modelLatest = new Map<string, number>();
      for (const series of met) {
        series.id = seriesOf(series.modelId, series.tag);
        if ((modelLatest.get(series.modelId) ?? 0) < series.latestMs)
          modelLatest.set(series.modelId, series.latestMs);
      }
      await repository.ensurePartitions(ts);
      phases.lap('validate');

      const ids = new Array<number>(ts.length);
      for (let i = 0; i < ts.length; i++) ids[i] = (seriesOfPoint[i] as SeriesOfBatch).id;
      // New points (the usual case) go by COPY; a batch holding any stored point (a client's retry) is written
      // again point by point, skipping what is there. Rollups and latest values merge idempotently either way.
      const store = (how: 'copy' | 'insert') =>
        write(
          companyId,
          async (client) => {
            return repository.storePoints(client, how, ids, ts, values, phases, modelLatest);
          },
          modelLatest.keys(),
          phases,
        );
      const inserted = await store('copy').catch((error: unknown) => {
        if (isUniqueViolation(error)) return store('insert');
        throw error;
      });
      return { accepted: inserted, duplicates: ts.length - inserted, rejected: errors.length, errors };
    },

    async waveform(companyId: string, meta: WaveformMeta, samples: Buffer, phases: PhaseRecorder = noPhases) {
      const models = await resolveModels(companyId, [meta.modelCode]);
      const model = models.get(meta.modelCode);
      if (!model) throw new HttpError(404, `Unknown model ${meta.modelCode}.`);
      if (!model.is_active) throw new HttpError(409, `Model ${meta.modelCode} is inactive.`);
      const capturedAtMs = parseTimestamp(meta.capturedAt);
      if (capturedAtMs === null) throw new HttpError(400, 'capturedAt is not a valid timestamp.');
      const outOfRange = timestampRangeError(capturedAtMs, {
        nowMs: Date.now(),
        maxFutureMs: futureToleranceMs,
        oldestMs: await repository.retentionStart(companyId),
      });
      if (outOfRange !== null) throw new HttpError(400, `capturedAt: ${outOfRange}.`);
      if (samples.length % 4 !== 0)
        throw new HttpError(400, 'The body must be little-endian float32 samples (a multiple of 4 bytes).');
      const count = samples.length / 4;
      if (count < 16) throw new HttpError(400, 'A waveform needs at least 16 samples.');
      if (count > MAX_WAVEFORM_SAMPLES)
        throw new HttpError(
          413,
          `A waveform holds at most ${MAX_WAVEFORM_SAMPLES} samples; this one has ${count}.`,
        );
      if (meta.length !== undefined && meta.length !== count) {
        throw new HttpError(400, `The header announces ${meta.length} samples but the body holds ${count}.`);
      }
      // Float32Array needs 4-byte alignment; a pooled Buffer may start anywhere.
      const aligned = samples.byteOffset % 4 === 0 ? samples : Buffer.from(samples);
      const view = new Float32Array(aligned.buffer, aligned.byteOffset, count);
      for (let i = 0; i < count; i++) {
        if (!Number.isFinite(view[i] as number))
          throw new HttpError(400, `Sample ${i + 1} is not a finite number.`);
      }
      const axisKinds = meta.kind === 'vibration' ? ['x', 'y', 'z'] : ['a', 'b', 'c'];
      if (!axisKinds.includes(meta.channel)) {
        throw new HttpError(
          400,
          `A ${meta.kind} waveform is on ${meta.kind === 'vibration' ? 'axis x, y or z' : 'phase a, b or c'}, not ${meta.channel}.`,
        );
      }
      if (meta.kind === 'pd') {
        // Pulses as (phase °, apparent charge pC) pairs: an even count, phases within one power cycle.
        if (count % 2 !== 0)
          throw new HttpError(400, 'A pd capture holds (phase, charge) pairs: an even number of samples.');
        for (let i = 0; i < count; i += 2) {
          const phase = view[i] as number;
          if (phase < 0 || phase > 360)
            throw new HttpError(400, `Pulse ${i / 2 + 1}: the phase ${phase}° is outside 0–360°.`);
        }
      }
      phases.lap('validate');
      // Stored in the unit every reader of its kind takes (units.ts): a capture sent in g is analysed as what it is.
      const converted = await toStoredUnitOffLoop(meta.kind, meta.unit, view, meta.sampleRate, compute);
      const stored =
        converted === view
          ? aligned
          : Buffer.from(converted.buffer, converted.byteOffset, converted.byteLength);
      phases.lap('convert');
      // One INSERT committed on its own (the samples a binary bytea parameter), then the model's analysis job. The job
      // is not sent inside the capture's transaction: the queue keeps one waiting job per model, and a second capture
      // of the model sending it waited there for the first capture's commit, so concurrent captures of one model
      // committed one after another (bench/ingest-waveforms.ts: jobs 11 ms, commit 12 ms a capture). Whichever
      // capture's send finds the job waiting, that job runs after every commit before it and takes them all in one
      // analysis (pendingWaveforms). A process that stops between the commit and the send leaves the capture with
      // analysed_at unset, and the minute's maintenance sends the job again (requeueUnanalysed).
      const result = await repository.insertWaveform(pool, {
        modelId: model.id,
        sensor: meta.sensor,
        kind: meta.kind,
        channel: meta.channel,
        sampleRate: meta.sampleRate,
        capturedAtMs,
        unit: STORED_UNIT[meta.kind],
        fileName: meta.fileName,
        alias: meta.alias ?? meta.fileName,
        samples: stored,
      });
      phases.lap('write');
      await enqueueAfterCommit(model.id);
      phases.lap('jobs');
      announce?.(companyId, [model.id]);
      return { ...result, samples: count };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
