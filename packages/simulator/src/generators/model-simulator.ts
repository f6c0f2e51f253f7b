/** What a model's generator offers the stream: its scalar tags, its waveform channels, and their values. */
import type { WaveformMeta } from '@sdp/contracts';
import type { PlantModel } from '../plant.ts';
import { HOUR_MS, MINUTE_MS } from './timeline.ts';

/** Sampling interval of fast scalar tags in history (load, temperatures, vibration overall values). */
export const FAST_INTERVAL_MS = 30 * MINUTE_MS;
/** Sampling interval of slow scalar tags (DGA and other laboratory-like monitors, counters, battery). */
export const SLOW_INTERVAL_MS = 2 * HOUR_MS;

/** A scalar tag the simulator sends. */
export interface ScalarChannel {
  readonly tag: string;
  /** History sampling interval; points sit on multiples of it since the Unix epoch. */
  readonly intervalMs: number;
  /** Sent on every live tick (true) or only when its own interval comes round (false). */
  readonly live: boolean;
}

/** A sampled-signal channel: one axis of a vibration sensor or one phase current. */
export interface WaveformChannel {
  readonly sensor: string;
  readonly kind: WaveformMeta['kind'];
  readonly channel: WaveformMeta['channel'];
  /** Hz. */
  readonly sampleRate: number;
  readonly length: number;
  readonly unit: string;
  readonly alias: string;
}

/** The generator of one plant model. Every value is a pure function of (seed, origin, model, instant). */
export interface ModelSimulator {
  readonly model: PlantModel;
  readonly scalars: readonly ScalarChannel[];
  /** The value of every scalar tag at instant t (epoch ms), rounded as a reading would be. */
  sample(t: number): Record<string, number>;
  /** Waveform channels; all of them are captured together. */
  readonly waveforms: readonly WaveformChannel[];
  /** One capture of every waveform channel at instant t, in the order of `waveforms`. */
  capture(t: number): Float32Array[];
  /**
   * Monitored tags the simulator does not send because the server computes them: from waveforms
   * (RVS overall values, MCA sideband levels), from other series (remaining life, anomaly scores).
   */
  readonly derivedTags: readonly string[];
}

/** Scalar channels for tags that share an interval and live behaviour. */
export function channels(tags: readonly string[], intervalMs: number, live: boolean): ScalarChannel[] {
  return tags.map((tag) => ({ tag, intervalMs, live }));
}
