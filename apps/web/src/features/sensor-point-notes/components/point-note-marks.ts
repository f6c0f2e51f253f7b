import type { SensorPointNote } from '@sdp/contracts';
import type { ChartMark, ChartSeries } from '../../../components/charts/chart-logic.ts';
import type { PointNoteTarget } from '../../../components/charts/point-notes.ts';
import { formatDayTimeIn } from '../../../lib/time.ts';

const sameTarget = (note: SensorPointNote, target: PointNoteTarget) =>
  note.sensor_id === target.sensorId && note.type === target.phase && note.axis === target.axis;

/** A note of a chart with the series it is pinned on. */
export interface ChartNote {
  note: SensorPointNote;
  seriesIndex: number;
  target: PointNoteTarget;
}

/**
 * The notes that belong on a chart: those whose sensor, phase and axis are one of its series (notes of other
 * sensors of the model, or of another unit of the same sensor, are not), oldest first.
 */
export function chartNotes(
  notes: readonly SensorPointNote[],
  series: readonly ChartSeries[],
  identify: (series: ChartSeries, index: number) => PointNoteTarget | undefined,
): ChartNote[] {
  const targets = series.map((one, index) => identify(one, index));
  return notes.flatMap((note) => {
    const seriesIndex = targets.findIndex((target) => target !== undefined && sameTarget(note, target));
    const target = targets[seriesIndex];
    return target ? [{ note, seriesIndex, target }] : [];
  });
}

/** The pins of a chart's notes at their point's time and value, the note and its author as tooltip. */
export function noteMarks(notes: readonly ChartNote[], timeZone: string): ChartMark[] {
  return notes.map(({ note, seriesIndex }) => ({
    id: note.id,
    seriesIndex,
    time: Date.parse(note.timestamp),
    value: note.y_position,
    label: `${formatDayTimeIn(note.timestamp, timeZone)} · ${note.name}: ${note.description}`,
  }));
}
