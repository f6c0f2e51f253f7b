import {
  type AlarmState,
  bearingDefectFrequencies,
  type CorrelationBaseline,
  correlationScore,
  duvalTriangle1,
  duvalZoneLeastStatus,
  INITIAL_ALARM_STATE,
  initialLifeUsed,
  learnCorrelationBaseline,
  remainingLife,
  updateAlarmState,
} from '@sdp/analytics';
import { diagnosisWords, type EventDiagnosis, type ModelSettings } from '@sdp/contracts';
import type pg from 'pg';
import { withTransaction } from '../../db/pool.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import { type IngestRepository, unpackArrival } from '../ingest/ingest.repository.ts';
import { convertLegacyCaptures } from '../ingest/units.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import { catalogueGeometry, readSettings } from '../models/settings.ts';
import { modelStatusChanges, OFFLINE, type TagTransition } from '../status-history/status-changes.ts';
import type { AnalysisRepository, ModelContext, SeriesState } from './analysis.repository.ts';
import { type FeaturePoint, motorFeatures, vibrationFeaturesOffLoop } from './features.ts';
import { afterReset, baselineRuleOf, feedLearnedBaseline, type LearnedState } from './learned-baseline.ts';
import { DGA_GAS_TAGS, limitsOf, type MonitoredLimit, monitoredLimits, statusAgainst } from './limits.ts';

const WAVEFORMS_PER_ROUND = 40;
const SAMPLES_PER_ROUND = 20_000;
/** Queued arrivals (one stored batch's points of a series each) evaluated per transaction. */
const ARRIVALS_PER_ROUND = 50;
/** A three-phase capture still missing a phase after this long is analysed no more. */
const INCOMPLETE_CAPTURE_MS = 3_600_000;
/**
 * Pairs that teach the correlation baseline before scores are computed: two days of half-hourly samples. The
 * Huber line has two parameters, so 96 pairs fit it well; a longer wait would leave a newly connected
 * transformer (and a short demo history) without a score for days.
 */
const BASELINE_PAIRS = 96;

interface StoredState {
  alarm?: AlarmState;
  lastTs?: number;
  baseline?: CorrelationBaseline;
  pairedTs?: number;
  rulTs?: number;
  learned?: LearnedState;
}

/** The DGA sensors of a transformer placed in Duval Triangle 1, and the tag of each one's zone status and events. */
const DUVAL_SENSORS = [
  { zoneTag: 'dga_duval_zone', name: 'Main tank', part: 'main_tank', ...DGA_GAS_TAGS.main_tank },
  { zoneTag: 'oltc_dga_duval_zone', name: 'OLTC', part: 'oltc', ...DGA_GAS_TAGS.oltc },
] as const;

/** Which limit raised a fault event's level (issue 25 item 4): the one set in the model, or the learned baseline. */
type TrippedLimit = MonitoredLimit & { trippedBy?: 'fixed_limit' | 'learned_baseline' | 'duval_zone' };

interface Deps {
  pool: pg.Pool;
  repository: AnalysisRepository;
  ingest: IngestRepository;
  master: MasterRepository;
  log: (message: string, detail?: Record<string, unknown>) => void;
  /** Converts stored captures still in velocity or displacement off the event loop (ingest/units.ts). */
  compute?: Pick<ComputePool, 'call'>;
}

/**
 * The `analyse` job of a model: waveform features, derived series (remaining life, correlation scores), then every
 * monitored tag through its limits with 'X out of Y' persistence. A rise in a tag's persisted status raises one fault
 * event; the model's status is the maximum of its components' and is announced on the live channel.
 */
export function createAnalysisService(deps: Deps) {
  const { pool, repository, ingest, master } = deps;

  /** Features land like gateway points (idempotent on series and time), in one transaction per round. */
  async function storeFeatures(modelId: string, points: { tsMs: number; feature: FeaturePoint }[]) {
    if (!points.length) return;
    const seriesOf = await ingest.seriesIds(
      points.map(({ feature }) => ({
        modelId,
        tag: feature.tag,
        unit: feature.unit,
        source: 'feature' as const,
      })),
    );
    await ingest.ensurePartitions(points.map((point) => point.tsMs));
    const ids = points.map(({ feature }) => seriesOf(modelId, feature.tag));
    await withTransaction(pool, (client) =>
      ingest.storePoints(
        client,
        'insert',
        ids,
        points.map((p) => p.tsMs),
        points.map((p) => p.feature.value),
      ),
    );
  }

  /** Defect frequencies of the motor's catalogue bearings (DE, NDE) at its rated speed; none without a speed. */
  async function motorBearings(settings: ModelSettings, rpm: number | null) {
    if (!rpm) return [];
    const catalogue = (await master.get()).bearings;
    return settings.motor_data_in.flatMap((row) => {
      const bearing = catalogue.find((candidate) => candidate.id === row.bearingId);
      return bearing ? [bearingDefectFrequencies(catalogueGeometry(bearing), rpm)] : [];
    });
  }

  async function analyseWaveforms(model: ModelContext, settings: ModelSettings) {
    const motorData = new Map(
      settings.motor_data_in.map((row) => [row.modelConfigurationTagCode, row.value]),
    );
    const poles = motorData.get('poles') ?? 4;
    const bearings = await motorBearings(settings, motorData.get('rated_speed') ?? null);
    let next = repository.pendingWaveforms(model.id, WAVEFORMS_PER_ROUND, []);
    for (;;) {
      const pending = await next;
      if (!pending.length) return;
      // The next round is read while this one computes (the compute pool's worker otherwise waits for every read of
      // 40 captures): the captures of this round are left out of it, as they are not marked yet.
      next = repository.pendingWaveforms(
        model.id,
        WAVEFORMS_PER_ROUND,
        pending.map((waveform) => waveform.id),
      );
      next.catch(() => undefined);
      const points: { tsMs: number; feature: FeaturePoint }[] = [];
      const done: string[] = [];
      const captures = new Map<string, typeof pending>();
      // Vibration features on the compute pool, two captures in flight so its worker never waits for the next one;
      // each capture's points are added in the round's order (the same points as computed here before).
      const vibration = pending.filter((waveform) => waveform.kind === 'vibration');
      const featuresOf = new Map<string, Awaited<ReturnType<typeof vibrationFeaturesOffLoop>>>();
      let nextVibration = 0;
      await Promise.all(
        Array.from({ length: Math.min(2, vibration.length) }, async () => {
          while (nextVibration < vibration.length) {
            const waveform = vibration[nextVibration++] as (typeof vibration)[number];
            featuresOf.set(
              waveform.id,
              await vibrationFeaturesOffLoop(
                waveform.sensor,
                waveform.channel,
                new Float32Array(new Uint8Array(waveform.samples).buffer),
                waveform.sample_rate,
                deps.compute,
              ),
            );
          }
        }),
      );
      for (const waveform of pending) {
        if (waveform.kind === 'vibration') {
          const computed = featuresOf.get(waveform.id);
          if (computed && 'features' in computed) {
            for (const feature of computed.features)
              points.push({ tsMs: waveform.captured_at.getTime(), feature });
          } else if (computed) {
            deps.log('waveform not analysable', { id: waveform.id, error: computed.error });
          }
          done.push(waveform.id);
        } else if (waveform.kind === 'current' && model.model_type_id === 2) {
          // Stator currents of a motor (MCA); a drive's output currents (VCA) are read by its dashboard only.
          const key = `${waveform.sensor}/${waveform.captured_at.getTime()}`;
          captures.set(key, [...(captures.get(key) ?? []), waveform]);
        } else {
          done.push(waveform.id);
        }
      }
      for (const phases of captures.values()) {
        const first = phases[0] as (typeof phases)[number];
        const byPhase = new Map(
          phases.map((phase) => [phase.channel, new Float32Array(new Uint8Array(phase.samples).buffer)]),
        );
        const a = byPhase.get('a');
        const b = byPhase.get('b');
        const c = byPhase.get('c');
        if (a && b && c) {
          try {
            for (const feature of motorFeatures({ a, b, c }, first.sample_rate, {
              poles,
              rpm: motorData.get('rated_speed') ?? undefined,
              bearings,
            })) {
              points.push({ tsMs: first.captured_at.getTime(), feature });
            }
          } catch (error) {
            deps.log('current capture not analysable', {
              model: model.code,
              error: (error as Error).message,
            });
          }
          done.push(...phases.map((phase) => phase.id));
        } else if (Date.now() - first.captured_at.getTime() > INCOMPLETE_CAPTURE_MS) {
          done.push(...phases.map((phase) => phase.id));
        }
      }
      await storeFeatures(model.id, points);
      await repository.markAnalysed(model.id, done);
      if (done.length === 0) return;
    }
  }

  async function remainingLifeSeries(
    model: ModelContext,
    settings: ModelSettings,
    states: Map<string, SeriesState>,
  ) {
    for (const row of settings.vsd_alarm_limit_sensor_new_in) {
      const output = row.tagCode ?? '';
      // The component's temperature history `<tag>.temperature` feeds its remaining life (ANALYTICS.md §5).
      const input = output ? `${output}.temperature` : undefined;
      const temperatures = input ? states.get(input) : undefined;
      if (!input || !temperatures || !row.l0 || row.tmax === null) continue;
      const samples = await repository.samplesAfter(temperatures.id, 0, 500_000);
      if (samples.length < 2) continue;
      const rating = { ratedLifeHours: row.l0, ratedTemperatureC: row.tmax };
      const previous = (states.get(output)?.state as StoredState | null)?.rulTs ?? 0;
      // Life used before monitoring began: days in service × hours a day, over the expected life (else L0).
      const initialDamage = initialLifeUsed(row.initial_day, row.avg_rate, row.expectedLifeTime ?? row.l0);
      const points: { tsMs: number; feature: FeaturePoint }[] = [];
      const history: { hours: number; temperatureC: number }[] = [];
      for (let i = 1; i < samples.length; i++) {
        const before = samples[i - 1] as { t: number; value: number };
        const now = samples[i] as { t: number; value: number };
        history.push({
          hours: ((now.t - before.t) / 3_600_000) * (row.avg_rate / 24),
          temperatureC: before.value,
        });
        // One point an hour is plenty for a quantity that moves over months.
        if (
          now.t > previous &&
          (i === samples.length - 1 || now.t - (points.at(-1)?.tsMs ?? 0) >= 3_600_000)
        ) {
          const life = remainingLife(history, rating, initialDamage);
          points.push({ tsMs: now.t, feature: { tag: output, unit: '%', value: life.rulPercent } });
        }
      }
      await storeFeatures(model.id, points);
    }
  }

  async function correlationSeries(
    model: ModelContext,
    settings: ModelSettings,
    states: Map<string, SeriesState>,
  ) {
    for (const row of settings.q_setting_in) {
      const a = states.get(row.tagA);
      const b = states.get(row.tagB);
      if (!a || !b) continue;
      const scoreState = (states.get(row.score)?.state as StoredState | null) ?? {};
      const after = scoreState.pairedTs ?? 0;
      const [seriesA, seriesB] = await Promise.all([
        repository.samplesAfter(a.id, after, SAMPLES_PER_ROUND),
        repository.samplesAfter(b.id, after, SAMPLES_PER_ROUND),
      ]);
      const bValues = new Map(seriesB.map((point) => [point.t, point.value]));
      const pairs = seriesA.flatMap((point) =>
        bValues.has(point.t) ? [{ t: point.t, a: point.value, b: bValues.get(point.t) as number }] : [],
      );
      let baseline = scoreState.baseline;
      let start = 0;
      if (!baseline) {
        if (pairs.length < BASELINE_PAIRS) continue;
        const learn = pairs.slice(0, BASELINE_PAIRS);
        baseline = learnCorrelationBaseline(
          learn.map((p) => p.a),
          learn.map((p) => p.b),
        );
        start = BASELINE_PAIRS;
      }
      const points = pairs.slice(start).map((pair) => ({
        tsMs: pair.t,
        feature: { tag: row.score, unit: 'σ', value: correlationScore(baseline, pair.a, pair.b) },
      }));
      await storeFeatures(model.id, points);
      const ids = await ingest.seriesIds([
        { modelId: model.id, tag: row.score, unit: 'σ', source: 'feature' },
      ]);
      const lastPaired = pairs.at(-1)?.t ?? after;
      const current = (await repository.seriesStates(model.id)).find((s) => s.tag === row.score);
      await repository.saveState(
        ids(model.id, row.score),
        { ...((current?.state as StoredState | null) ?? {}), baseline, pairedTs: lastPaired },
        current?.status ?? 0,
      );
    }
  }

  /**
   * Every monitored tag through its limits, in ingestion order (decision 0005): the points each stored batch added
   * are taken from the series' queue as they arrived (a batch's own points in time order) and each is fed once to the
   * 'X out of Y' state, whatever its timestamp. A skewed clock cannot stall the evaluation, and late or backfilled
   * points count when they arrive, their fault events dated with their own time. Each round (state, events, the
   * queue rows taken) commits together, so a crash neither loses nor repeats a point.
   */
  async function evaluateStatuses(model: ModelContext, settings: ModelSettings) {
    const data = await master.get();
    const limits = monitoredLimits(settings, data);
    const persistence = settings.alarm_management ?? { persistence_from: 3, persistence_to: 5 };
    const config = { occurrences: persistence.persistence_from, window: persistence.persistence_to };
    const states = new Map((await repository.seriesStates(model.id)).map((state) => [state.tag, state]));
    const components = new Map<string, number>();
    // The model's status history (issue 26 items 1, 4): each tag's status before and its changes, in value time.
    const initial = new Map<string, number>();
    const transitions: TagTransition[] = [];
    let firstT = Number.POSITIVE_INFINITY;
    let lastT = Number.NEGATIVE_INFINITY;
    const rule = baselineRuleOf(settings);
    const hasFixed = (limit: MonitoredLimit) => limit.warning !== null && limit.alarm !== null;
    // Tags with both limits or a learned baseline are evaluated, even those whose series appeared after `states` was read.
    const evaluated = [...limits.values()]
      .filter((limit) => hasFixed(limit) || limit.learns)
      .map((limit) => limit.tag);
    for (const limit of limits.values()) {
      const series = states.get(limit.tag);
      if (!series) continue;
      const stored = (series.state as StoredState | null) ?? {};
      let alarm = stored.alarm ?? INITIAL_ALARM_STATE;
      let lastTs = stored.lastTs ?? 0;
      let status = series.status ?? 0;
      initial.set(limit.tag, status);
      let changedAt = Number.NEGATIVE_INFINITY;
      let learned = afterReset(stored.learned, model.baseline_reset_at?.getTime() ?? null);
      if (hasFixed(limit) || limit.learns) {
        const bounds =
          limit.warning !== null && limit.alarm !== null
            ? { warning: limit.warning, alarm: limit.alarm, direction: limit.direction }
            : null;
        for (let more = true; more; ) {
          await withTransaction(pool, async (client) => {
            const arrivals = await repository.takeArrivals(client, series.id, ARRIVALS_PER_ROUND);
            more = arrivals.length === ARRIVALS_PER_ROUND;
            let last: { t: number; value: number } | null = null;
            for (const arrival of arrivals) {
              for (const sample of unpackArrival(arrival)) {
                // Learned and fixed limits both apply; the tag's status is the higher of the two.
                const fixed = bounds ? updateAlarmState(alarm, sample.value, bounds, config) : null;
                const baseline = limit.learns
                  ? feedLearnedBaseline(
                      learned,
                      sample,
                      limit.direction,
                      rule,
                      config,
                      limit.decibel ? 'decibel' : 'linear',
                    )
                  : null;
                const next = Math.max(fixed?.status ?? 0, baseline?.status ?? 0);
                if (next > status && limit.alert) {
                  // When both trip the level, the fixed limit is named: it is the one a person set on purpose.
                  const tripped: TrippedLimit =
                    (fixed?.status ?? 0) >= next || !baseline?.limits
                      ? limit
                      : { ...limit, ...baseline.limits, trippedBy: 'learned_baseline' };
                  await raiseFaultEvent(model, series.id, tripped, next as 1 | 2, sample, client);
                }
                if (fixed) alarm = fixed.state;
                if (baseline) learned = baseline.state;
                if (next !== status) {
                  // A tag's changes stay in the order its values were evaluated.
                  changedAt = Math.max(changedAt, sample.t);
                  transitions.push({ t: changedAt, tag: limit.tag, status: next, value: sample.value });
                }
                firstT = Math.min(firstT, sample.t);
                lastT = Math.max(lastT, sample.t);
                status = next;
                lastTs = Math.max(lastTs, sample.t);
                last = sample;
              }
            }
            // A tag still in warning or alarm always has an open event (issue 26 item 1): one closed while its
            // condition held is continued by a new event, linked to it, at this evaluation.
            if (last && status > 0 && limit.alert) {
              const level = status as 1 | 2;
              const coverage = await repository.coverage(model.id, limit.tag, level, client);
              if (!coverage.open)
                await raiseFaultEvent(model, series.id, limit, level, last, client, coverage.closed);
            }
            await repository.saveState(series.id, { ...stored, alarm, lastTs, learned }, status, client);
          });
        }
      }
      components.set(limit.component, Math.max(components.get(limit.component) ?? 0, status));
    }
    if (model.model_type_id === 1) {
      const zones = await evaluateDuvalZones(model, settings, limits, components);
      for (const zone of zones) {
        if (zone.previous !== null) initial.set(zone.tag, zone.previous);
        if (zone.change) {
          transitions.push(zone.change);
          firstT = Math.min(firstT, zone.change.t);
          lastT = Math.max(lastT, zone.change.t);
        }
      }
    }
    // Points of series without limits wait for nothing: their queue is emptied.
    await repository.dropArrivals(model.id, evaluated);
    await repository.setComponentStatuses(model.id, components);
    const modelStatus = components.size ? Math.max(...components.values()) : OFFLINE;
    // An evaluation without new values (settings saved) dates what it sets now.
    const span = Number.isFinite(firstT) ? { firstT, lastT } : { firstT: Date.now(), lastT: Date.now() };
    await repository.setModelStatus(
      model,
      modelStatus,
      modelStatusChanges(initial, transitions, modelStatus, span),
    );
  }

  /**
   * A D2 or T3 zone of Duval Triangle 1 is at least a warning whatever the gas limits (issue 26 item 8), on the tree
   * as on the transformer page: each DGA sensor's latest gases (the panel's, read at or before now) are placed with
   * the same function, the zone's status raises its component's (and so the model's) and, on entering the zone,
   * opens its own event (a repeat while one is open), or continues one closed while the zone held. Leaving the zone
   * clears the condition: the status falls and the open event no longer holds. Answers each sensor's status before
   * (null when it was never placed) and its change, for the status history.
   */
  async function evaluateDuvalZones(
    model: ModelContext,
    settings: ModelSettings,
    limits: Map<string, MonitoredLimit>,
    components: Map<string, number>,
  ) {
    const data = await master.get();
    const seriesOf = new Map((await repository.seriesStates(model.id)).map((state) => [state.tag, state]));
    const out: { tag: string; previous: number | null; change: TagTransition | null }[] = [];
    for (const sensor of DUVAL_SENSORS) {
      const gasSeries = [sensor.ch4, sensor.c2h4, sensor.c2h2].map((tag) => seriesOf.get(tag)?.id);
      if (gasSeries.some((id) => id === undefined)) continue;
      const latest = await repository.latestValues(model.id, gasSeries as number[]);
      const [ch4, c2h4, c2h2] = (gasSeries as number[]).map((id) => latest.get(id));
      if (!ch4 || !c2h4 || !c2h2) continue;
      const gases = { ch4: ch4.value, c2h4: c2h4.value, c2h2: c2h2.value };
      const result = duvalTriangle1(gases);
      const status = duvalZoneLeastStatus(result.zone);
      const zone = result.zone === 'D2' || result.zone === 'T3' ? result.zone : null;
      const t = Math.max(ch4.t, c2h4.t, c2h2.t);
      const stored = seriesOf.get(sensor.zoneTag);
      const previous = stored ? (stored.status ?? 0) : null;
      const lastTs = (stored?.state as StoredState | null)?.lastTs ?? 0;
      // A transformer never in D2 or T3 gets no zone series at all.
      if (!stored && status === 0) continue;
      const gasTag = seriesOf.get(sensor.c2h2) ? sensor.c2h2 : sensor.ch4;
      const component =
        limits.get(gasTag)?.component ??
        data.groups.find(
          (group) => group.id === data.sensorTypes.find((type) => type.tag_code === gasTag)?.group_id,
        )?.code ??
        sensor.part;
      components.set(component, Math.max(components.get(component) ?? 0, status));
      // The share that places the sample in the zone: acetylene for D2, ethylene for T3.
      const share = zone === 'T3' ? result.percentages.c2h4 : result.percentages.c2h2;
      const name = `${sensor.name} Duval zone ${zone ?? ''}`.trim();
      if (zone && t > lastTs)
        await storeFeatures(model.id, [
          { tsMs: t, feature: { tag: sensor.zoneTag, unit: '%', value: share } },
        ]);
      const ids = await ingest.seriesIds([
        { modelId: model.id, tag: sensor.zoneTag, unit: '%', source: 'feature' },
      ]);
      const seriesId = ids(model.id, sensor.zoneTag);
      await withTransaction(pool, async (client) => {
        if (zone && t > lastTs) {
          // Against the limits the page shows: the model's rows, else the master data's defaults.
          const limitOf = limitsOf(settings, data, 1);
          const within = ([sensor.ch4, sensor.c2h4, sensor.c2h2] as const).every((tag, i) => {
            const limit = limitOf(tag);
            return statusAgainst([gases.ch4, gases.c2h4, gases.c2h2][i] as number, limit) === 0;
          });
          const diagnosis: EventDiagnosis = {
            mode: zone === 'D2' ? 'high_energy_discharge' : 'thermal_fault_t3',
            part: sensor.part,
            location: '',
            quantity: name,
            value: share,
            limit: null,
            unit: '%',
            level: 1,
            direction: 'high',
            engine: null,
            workbookRecommendation: null,
            duval: { zone, gases, shares: result.percentages, gasesWithinLimits: within },
          };
          const zoneLimit: TrippedLimit = {
            tag: sensor.zoneTag,
            name,
            component,
            sensorId: sensor.zoneTag,
            warning: null,
            alarm: null,
            direction: 'high',
            alert: true,
            learns: false,
            trippedBy: 'duval_zone',
          };
          const opening = {
            diagnosis,
            message: `Warning: ${name} (${diagnosisWords(diagnosis, 'en').failureMode})`,
          };
          const sample = { t, value: share };
          if (status > (previous ?? 0))
            await raiseFaultEvent(model, seriesId, zoneLimit, 1, sample, client, null, opening);
          else {
            // Still in the zone: an event closed while it held is continued (a model in warning has an open event).
            const coverage = await repository.coverage(model.id, sensor.zoneTag, 1, client);
            if (!coverage.open)
              await raiseFaultEvent(model, seriesId, zoneLimit, 1, sample, client, coverage.closed, opening);
          }
        }
        await repository.saveState(seriesId, { zone, lastTs: Math.max(lastTs, t) }, status, client);
      });
      out.push({
        tag: sensor.zoneTag,
        previous,
        change: status !== (previous ?? 0) ? { t, tag: sensor.zoneTag, status, value: share } : null,
      });
    }
    return out;
  }

  async function raiseFaultEvent(
    model: ModelContext,
    seriesId: number,
    limit: TrippedLimit,
    alarmType: 1 | 2,
    sample: { t: number; value: number },
    client: pg.PoolClient,
    reopenedFrom: number | null = null,
    /** A Duval zone event's own message and diagnosis, stored as it opens (its gases are not in its series). */
    opening?: { message: string; diagnosis: EventDiagnosis },
  ) {
    // Repeats (issue 26 item 6): while an event of the tag and level is open, a new crossing counts on it.
    const open = await repository.openFaultEvent(model.id, limit.tag, alarmType, client);
    if (open !== null) {
      await repository.repeatFaultEvent(model.id, open, sample.value, sample.t, client);
      await repository.notify(
        {
          type: 'fault-event',
          action: 'repeated',
          companyId: model.company_id,
          modelId: model.id,
          faultEventId: open,
          alarmType,
          tag: limit.tag,
        },
        client,
      );
      return;
    }
    const text = await repository.recommendation(model.id, limit.tag, alarmType);
    const level = alarmType === 2 ? 'Alarm' : 'Warning';
    const crossed = alarmType === 2 ? limit.alarm : limit.warning;
    const diagnosis = opening
      ? { ...opening.diagnosis, workbookRecommendation: text?.recommendation || null }
      : null;
    const words = diagnosis ? diagnosisWords(diagnosis, 'en') : null;
    const faultEventId = await repository.insertFaultEvent(
      {
        companyId: model.company_id,
        modelId: model.id,
        seriesId,
        tag: limit.tag,
        eventDateMs: sample.t,
        alarmType,
        message:
          text?.message ||
          opening?.message ||
          (limit.trippedBy === 'learned_baseline'
            ? `${level}: ${limit.name} ${sample.value.toPrecision(4)} (learned baseline ${crossed?.toPrecision(4)})`
            : `${level}: ${limit.name} ${sample.value.toPrecision(4)} (limit ${crossed})`),
        value: sample.value,
        warning: limit.warning,
        alarm: limit.alarm,
        sensorId: limit.sensorId,
        cause: text?.cause || words?.cause || '',
        recommendation: text?.recommendation || words?.recommendation || '',
        reopenedFrom,
        diagnosis,
      },
      client,
    );
    // A new event says 'fixed limit' unless the learned baseline raised its level (issue 25 item 4) or a Duval zone
    // opened it (no limit crossed: issue 26).
    if (limit.trippedBy && limit.trippedBy !== 'fixed_limit')
      await repository.setTrippedBy(model.id, faultEventId, limit.trippedBy, client);
    // Heard when the round commits, as the event becomes visible.
    await repository.notify(
      {
        type: 'fault-event',
        action: 'opened',
        companyId: model.company_id,
        modelId: model.id,
        faultEventId,
        alarmType,
        tag: limit.tag,
        message: text?.message || opening?.message || `${level}: ${limit.name}`,
      },
      client,
    );
  }

  return {
    async analyse(modelId: string) {
      const model = await repository.model(modelId);
      if (!model) return;
      if (!model.is_active) {
        // An inactive model is not evaluated: what it queued before it was deactivated waits for nothing.
        await repository.dropArrivals(model.id, []);
        return;
      }
      const settings = readSettings(model.document, model.title);
      await analyseWaveforms(model, settings);
      const states = new Map((await repository.seriesStates(model.id)).map((state) => [state.tag, state]));
      if (model.model_type_id === 3) await remainingLifeSeries(model, settings, states);
      if (settings.q_setting_in.length) await correlationSeries(model, settings, states);
      await evaluateStatuses(model, settings);
    },

    /** Daily: measurements older than their company's retention (default 10 years) are deleted. */
    async applyRetention() {
      const removed = await repository.deleteExpired(50_000);
      if (removed) deps.log('retention applied', { removed });
    },

    /**
     * Every minute: partitions for the next months, silent models turn offline, and vibration captures stored in
     * velocity or displacement before units were honoured become acceleration (docs/ingestion.md "Units").
     */
    async maintain() {
      await repository.ensureFuturePartitions(3);
      const converted = await convertLegacyCaptures(ingest, deps.compute);
      if (converted) deps.log('stored captures converted to m/s²', { converted });
      for (const model of await repository.silentModels())
        await repository.setModelStatus(model, OFFLINE, [
          { t: model.silentSinceMs, status: OFFLINE, source: 'no_data', tag: null, value: null },
        ]);
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
