import { lttbIndices, m4Indices, type SpectrumScale, type WindowType } from '@sdp/analytics';
import { modelSettingsInput } from '@sdp/contracts';
import type { ReducedSpectrum } from '../../lib/compute-tasks.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { ComputePool } from '../../lib/worker-pool.ts';
import { type MonitoredLimit, monitoredLimits } from '../analysis/limits.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import { seriesName } from './series-name.ts';
import type { TimeseriesRepository } from './timeseries.repository.ts';

/** What the dashboard calls read: the series and waveforms, and the settings and master data their limits need. */
export interface TimeseriesServiceDeps {
  repository: Pick<TimeseriesRepository, 'series' | 'count' | 'raw' | 'm4ToWidth' | 'waveforms' | 'waveform'>;
  models: Pick<ModelsRepository, 'settings'>;
  master: Pick<MasterRepository, 'get'>;
  /** Spectra are computed on its threads: a long capture never stalls the event loop. */
  compute: Pick<ComputePool, 'run'>;
}

export type DownsampleMethod = 'm4' | 'lttb' | 'raw';

export interface SeriesDataQuery {
  tags: readonly string[];
  /** ISO instants, from before to. */
  from: string;
  to: string;
  /** Chart width in pixels. */
  width: number;
  method: DownsampleMethod;
}

export interface WaveformFilter {
  sensor?: string | undefined;
  channel?: string | undefined;
  kind?: string | undefined;
  limit: number;
}

/** Most raw points one series answer carries; beyond it the series is downsampled whatever was asked. */
const MAX_RAW = 20_000;
/** Most points LTTB reads to choose from. */
const LTTB_READ = 2_000_000;

/** A spectrum or envelope spectrum as the API answers it: the reduced amplitudes with the waveform they are of. */
function spectrumAnswer(
  row: { id: string; unit: string },
  spectrum: ReducedSpectrum,
  window: WindowType,
  scale: SpectrumScale,
) {
  return {
    waveformId: row.id,
    resolutionHz: spectrum.resolutionHz,
    amplitude: Array.from(spectrum.amplitude),
    binsPerPoint: spectrum.binsPerPoint,
    unit: row.unit,
    window,
    scale,
  };
}

/**
 * Dashboard figures: any series over a range downsampled to the chart width (M4 in the database, LTTB here, raw
 * when small), with its limits; waveforms, their spectra and envelope spectra (on the compute pool) and their time
 * signal (M4 to the width). An unknown series or waveform answers 404.
 */
export function createTimeseriesService({ repository, models, master, compute }: TimeseriesServiceDeps) {
  async function limitsOf(modelId: string): Promise<Map<string, MonitoredLimit>> {
    // Limits only need the settings document; a model without one has the defaults of an empty form.
    const settings = await models.settings(modelId);
    const parsed = modelSettingsInput.safeParse(settings?.document ?? { model_in: { title: '-' } });
    return parsed.success ? monitoredLimits(parsed.data, await master.get()) : new Map();
  }

  async function samplesOf(id: string) {
    const row = await repository.waveform(id);
    if (!row) throw notFound('This waveform does not exist.');
    return { row, samples: new Float32Array(new Uint8Array(row.samples).buffer) };
  }

  return {
    /** A model's series: inputs and computed features, with their last value, status and limits. */
    async series(modelId: string) {
      const [rows, limits] = await Promise.all([repository.series(modelId), limitsOf(modelId)]);
      return rows.map((row) => ({
        tag: row.tag,
        name: seriesName(row.tag, row.type_name),
        unit: row.unit,
        source: row.source,
        lastTs: row.last_ts?.toISOString() ?? null,
        lastValue: row.last_value,
        status: row.status,
        warning: limits.get(row.tag)?.warning ?? null,
        alarm: limits.get(row.tag)?.alarm ?? null,
      }));
    },

    /**
     * Series over a range downsampled to the width: M4 (from the rollups over long ranges), LTTB, or raw when the
     * range holds at most MAX_RAW points (else M4, said in `method`). A tag the model lacks answers 404 naming it.
     */
    async seriesData(modelId: string, { tags, from, to, width, method }: SeriesDataQuery) {
      const [rows, limits] = await Promise.all([repository.series(modelId), limitsOf(modelId)]);
      const byTag = new Map(rows.map((row) => [row.tag, row]));
      const fromS = Date.parse(from) / 1000;
      const toS = Date.parse(to) / 1000;
      const series = await Promise.all(
        tags.map(async (tag) => {
          const row = byTag.get(tag);
          if (!row) throw notFound(`This model has no series ${tag}.`);
          const limit = limits.get(tag);
          let used: DownsampleMethod = method;
          let points: [number, number][];
          if (method === 'lttb') {
            const raw = await repository.raw(row.id, fromS, toS, LTTB_READ);
            const x = Float64Array.from(raw, (p) => p.t);
            const y = Float64Array.from(raw, (p) => p.v);
            const keep = raw.length > width ? lttbIndices(x, y, width) : Uint32Array.from(raw.keys());
            points = Array.from(keep, (i) => [x[i] as number, y[i] as number]);
          } else if (method === 'raw' && (await repository.count(row.id, fromS, toS)) <= MAX_RAW) {
            points = (await repository.raw(row.id, fromS, toS, MAX_RAW)).map((p) => [p.t, p.v]);
          } else {
            used = 'm4';
            points = (await repository.m4ToWidth(row.id, fromS, toS, width)).map((p) => [p.t, p.v]);
          }
          return {
            tag,
            name: seriesName(tag, row.type_name),
            unit: row.unit,
            warning: limit?.warning ?? null,
            alarm: limit?.alarm ?? null,
            direction: limit?.direction ?? 'high',
            method: used,
            points,
          };
        }),
      );
      return { from, to, series };
    },

    /** Stored waveforms of a model, newest first. */
    async waveforms(modelId: string, filter: WaveformFilter) {
      return (await repository.waveforms(modelId, filter)).map((row) => ({
        id: row.id,
        fileName: row.file_name,
        alias: row.alias,
        sensor: row.sensor,
        kind: row.kind,
        channel: row.channel,
        sampleRate: row.sample_rate,
        capturedAt: row.captured_at.toISOString(),
        length: row.length,
        unit: row.unit,
      }));
    },

    /** Single-sided amplitude spectrum of a waveform, reduced to the width with each peak at its height. */
    async spectrum(
      id: string,
      { window, scale, width }: { window: WindowType; scale: SpectrumScale; width: number },
    ) {
      const { row, samples } = await samplesOf(id);
      const spectrum = await compute.run(
        { task: 'spectrum', samples, sampleRateHz: row.sample_rate, window, scale, width },
        [samples.buffer as ArrayBuffer],
      );
      return spectrumAnswer(row, spectrum, window, scale);
    },

    /** Envelope spectrum of a waveform in the band [low, high] Hz; high must be below the Nyquist frequency. */
    async envelope(id: string, { low, high, width }: { low: number; high: number; width: number }) {
      const { row, samples } = await samplesOf(id);
      if (high >= row.sample_rate / 2)
        throw badRequest(`high must be below the Nyquist frequency ${row.sample_rate / 2} Hz.`);
      const spectrum = await compute.run(
        { task: 'envelope', samples, sampleRateHz: row.sample_rate, bandHz: [low, high], width },
        [samples.buffer as ArrayBuffer],
      );
      return spectrumAnswer(row, spectrum, 'hann', 'peak');
    },

    /** Time signal of a waveform against seconds, M4-downsampled when longer than 4 × width. */
    async timeWaveform(id: string, width: number) {
      const { row, samples } = await samplesOf(id);
      const seconds = Float64Array.from(samples, (_, i) => i / row.sample_rate);
      const keep =
        samples.length > width * 4 ? m4Indices(seconds, samples, width) : Uint32Array.from(samples.keys());
      return {
        waveformId: row.id,
        sampleRate: row.sample_rate,
        capturedAt: row.captured_at.toISOString(),
        unit: row.unit,
        length: samples.length,
        points: Array.from(keep, (i) => [seconds[i] as number, samples[i] as number] as [number, number]),
      };
    },
  };
}

export type TimeseriesService = ReturnType<typeof createTimeseriesService>;
