import { createContext, type ReactNode } from 'react';
import type { ChartMark, ChartSeries } from './chart-logic.ts';
import type { ChartControls } from './use-chart-controls.ts';

/**
 * The slot through which notes on trend points (spec 03 §2.16 sensor point notes) reach the kit's time series
 * charts. The kit knows nothing of notes: a page that has them provides a hook through `PointNotesContext`, and a
 * chart that asks for notes (`pointNotes` prop) gets back marks, click handlers and a footer from it. Without a
 * provider charts get nothing.
 */

/** What a note on a point of a series is attached to: the sensor (or tag), its phase and axis. */
export interface PointNoteTarget {
  sensorId: string;
  /** How the dialog names the sensor. */
  sensorName: string;
  phase: string;
  axis: string;
}

/** A chart's opt-in: how its series map to note targets (by default a series is its tag, no phase or axis). */
export interface PointNotesOptions {
  identify?: (series: ChartSeries, index: number) => PointNoteTarget | undefined;
}

/** What the provider's hook is asked with: the chart's series as drawn and its toolbar (date type and range). */
export interface PointNotesRequest {
  series: readonly ChartSeries[];
  controls: ChartControls;
  timeZone: string;
  identify: (series: ChartSeries, index: number) => PointNoteTarget | undefined;
}

/** A clicked point as the chart reports it. */
export interface PointNotesClick {
  seriesIndex: number;
  /** Epoch ms. */
  time: number;
  value: number;
}

/** What the provider's hook answers: pins on the chart, what clicks on points and pins do, a footer. */
export interface PointNotesBinding {
  marks?: readonly ChartMark[];
  onPointClick?: (point: PointNotesClick) => void;
  onMarkClick?: (mark: ChartMark) => void;
  footer?: ReactNode;
}

/**
 * A hook, called by every chart under the provider on every render (undefined when the chart did not ask for
 * notes). The provider must give one function for its whole life, so each chart calls the same hooks each render.
 */
export type PointNotesHook = (request: PointNotesRequest | undefined) => PointNotesBinding;

const none: PointNotesHook = () => ({});

export const PointNotesContext = createContext<PointNotesHook>(none);

/** The default target of a series: its tag as the sensor, named as drawn. */
export function seriesTarget(series: ChartSeries): PointNoteTarget {
  return { sensorId: series.tag, sensorName: series.name ?? series.tag, phase: '', axis: '' };
}
