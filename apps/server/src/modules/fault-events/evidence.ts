import { amplitudeSpectrum, findPeaks, m4Indices } from '@sdp/analytics';
import { diagnosisWords, type EventDiagnosis, type FaultEventEvidence } from '@sdp/contracts';
import { monitoredLimits } from '../analysis/limits.ts';
import type { MasterData } from '../models/master.repository.ts';
import { readSettings } from '../models/settings.ts';
import { engineVerdict, eventDiagnosisOf } from './diagnosis.ts';
import type { EventKey, FaultEventsRepository } from './fault-events.repository.ts';

/** Pixel columns the 24 h trend is thinned to (M4: at most four points per column). */
const TREND_COLUMNS = 120;
const PEAKS = 5;

type Inputs = NonNullable<Awaited<ReturnType<FaultEventsRepository['evidenceInputs']>>>;

/** Fault-frequency cursors of the model: running speed 1×–3× (rpm / 60) and, for current, line frequency 1×–2×. */
function cursors(configuration: Inputs['configuration'], kind: string) {
  const value = (codes: string[]) => {
    for (const code of codes) {
      const found = Number(configuration.find((row) => row.tag_code === code)?.value);
      if (Number.isFinite(found) && found > 0) return found;
    }
    return null;
  };
  const out: { label: string; hz: number }[] = [];
  const rpm = value(['rotational_speed', 'motor_speed', 'rated_speed']);
  if (rpm) for (const n of [1, 2, 3]) out.push({ label: `${n}X`, hz: (rpm / 60) * n });
  if (kind === 'current') {
    const line = value(['supply_frequency']) ?? 50;
    out.push({ label: 'LF', hz: line }, { label: '2LF', hz: 2 * line });
  }
  return out;
}

/**
 * Builds what a reliability engineer needs to trust an event, from stored data only: the value against the
 * limits it crossed and the persistence rule, the tag's last 24 hours (M4-thinned) and, for vibration and current
 * tags, the largest peaks of the capture's amplitude spectrum with the model's fault-frequency cursors.
 */
export async function buildEvidence(
  repository: FaultEventsRepository,
  master: MasterData,
  key: EventKey,
): Promise<FaultEventEvidence | undefined> {
  const inputs = await repository.evidenceInputs(key);
  if (!inputs) return undefined;
  const { event, trend } = inputs;
  const settings = readSettings(inputs.document, inputs.model?.title ?? '');
  const limit = monitoredLimits(settings, master).get(event.tag);
  const direction = limit?.direction ?? 'high';
  const crossed = event.alarm_type === 2 ? event.alarm_limit : event.warning_limit;
  const exceedPercent =
    crossed === null || crossed === 0
      ? null
      : ((direction === 'high' ? event.alarm_value - crossed : crossed - event.alarm_value) /
          Math.abs(crossed)) *
        100;
  const persistence = settings.alarm_management ?? { persistence_from: 3, persistence_to: 5 };

  let points: [number, number][] = [];
  let trendStats: FaultEventEvidence['trendStats'] = null;
  if (trend.length) {
    const x = trend.map((p) => p.t);
    const y = trend.map((p) => p.value);
    const keep = trend.length > TREND_COLUMNS * 4 ? [...m4Indices(x, y, TREND_COLUMNS)] : x.map((_, i) => i);
    points = keep.map((i) => [x[i] as number, y[i] as number]);
    const sum = y.reduce((a, b) => a + b, 0);
    trendStats = { min: Math.min(...y), max: Math.max(...y), mean: sum / y.length, count: y.length };
  }

  // RVS tags are sensor.quantity.axis (the axis is the capture's channel); current tags of MCA / VCA use the
  // model's current capture.
  const parts = event.tag.split('.');
  const vibration = parts.length === 3 && ['acceleration', 'velocity', 'envelope'].includes(parts[1] ?? '');
  const current = !vibration && inputs.model !== undefined && [2, 3].includes(inputs.model.model_type_id);
  let spectrum: FaultEventEvidence['spectrum'] = null;
  let engine: EventDiagnosis['engine'] = null;
  if (vibration || current) {
    const capture = await repository.captureBefore(
      event.model_id,
      vibration ? (parts[0] ?? null) : null,
      vibration ? ['vibration'] : ['current'],
      event.event_date,
      vibration ? parts[2] : undefined,
    );
    if (capture) {
      const samples = new Float32Array(
        capture.samples.buffer.slice(
          capture.samples.byteOffset,
          capture.samples.byteOffset + capture.samples.byteLength,
        ),
      );
      const amplitude = amplitudeSpectrum(samples, capture.sample_rate, { removeMean: true });
      spectrum = {
        fileName: capture.file_name,
        capturedAt: capture.captured_at.toISOString(),
        sensor: capture.sensor,
        channel: capture.channel,
        kind: capture.kind,
        sampleRate: capture.sample_rate,
        peaks: findPeaks(amplitude, {
          maxPeaks: PEAKS,
          minSeparationHz: amplitude.resolutionHz * 3,
        }).map((peak) => ({ hz: peak.frequencyHz, amplitude: peak.amplitude })),
        cursors: cursors(inputs.configuration, capture.kind),
      };
      // The vibration engine's verdict on the same capture says which failure mode (if any) the level is.
      const sensor = settings.raw_vibration_sensor_in.find((row) => row.sensorId === parts[0]);
      if (vibration && sensor) {
        const config = (code: string) => inputs.configuration.find((row) => row.tag_code === code)?.value;
        engine = engineVerdict(
          { samples, sampleRate: capture.sample_rate, capturedAt: capture.captured_at },
          sensor,
          config,
          master.bearings,
        );
      }
    }
  }
  // A Duval zone event stored its diagnosis as it opened: its gases are not in its series (issue 26 item 8).
  const diagnosis = event.diagnosis?.duval
    ? event.diagnosis
    : eventDiagnosisOf({
        event,
        limit,
        unit: inputs.unit,
        settings,
        engine,
        workbookRecommendation: inputs.workbook?.recommendation,
      });
  const words = diagnosisWords(diagnosis, 'en');

  return {
    tag: event.tag,
    name: limit?.name ?? event.diagnosis?.quantity ?? event.tag,
    unit: inputs.unit,
    value: event.alarm_value,
    warningLimit: event.warning_limit,
    alarmLimit: event.alarm_limit,
    direction,
    exceedPercent,
    persistence: { x: persistence.persistence_from, y: persistence.persistence_to },
    trend: points,
    trendStats,
    spectrum,
    failureMode: inputs.workbook?.cause || event.cause || words.failureMode,
    recommendation: inputs.workbook?.recommendation || event.recommendation || words.recommendation,
    diagnosis,
    capturedAt: new Date().toISOString(),
  };
}
