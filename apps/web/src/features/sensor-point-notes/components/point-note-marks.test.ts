import type { SensorPointNote } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';
import { seriesTarget } from '../../../components/charts/point-notes.ts';
import { chartNotes, noteMarks } from './point-note-marks.ts';

const note = (id: string, sensor: string, type = '', axis = ''): SensorPointNote => ({
  id,
  timestamp: '2026-03-02T03:00:00.000Z',
  sensor_id: sensor,
  sensor_name: sensor,
  type,
  axis,
  y_position: 4.5,
  description: `note ${id}`,
  rvs_graph_id: '',
  model_code: 'TX1',
  createdById: null,
  name: 'Olivia Owner',
});
const series = (tag: string): ChartSeries => ({ tag, unit: 'ppm', warning: null, alarm: null, points: [] });

describe('sensor point notes on a chart', () => {
  it('keeps the notes of the series drawn, on the series of their sensor', () => {
    const found = chartNotes(
      [note('a', 'h2'), note('b', 'ch4'), note('c', 'co')],
      [series('co'), series('h2')],
      seriesTarget,
    );
    expect(found.map((one) => [one.note.id, one.seriesIndex])).toEqual([
      ['a', 1],
      ['c', 0],
    ]);
  });

  it('tells the phase and axis of a sensor apart (RVS: velocity H is not acceleration H)', () => {
    const identify = (one: ChartSeries) => {
      const [sensorId = '', phase = '', axis = ''] = one.tag.split(':');
      return { sensorId, sensorName: sensorId, phase, axis };
    };
    const found = chartNotes(
      [
        note('v', 'S1', 'velocity', 'H'),
        note('a', 'S1', 'acceleration', 'H'),
        note('x', 'S1', 'velocity', 'A'),
      ],
      [series('S1:velocity:H'), series('S1:velocity:V')],
      identify,
    );
    expect(found.map((one) => one.note.id)).toEqual(['v']);
  });

  it('pins a note at its instant and value, saying when, who and what', () => {
    const [mark] = noteMarks(chartNotes([note('a', 'h2')], [series('h2')], seriesTarget), 'Asia/Bangkok');
    expect(mark).toEqual({
      id: 'a',
      seriesIndex: 0,
      time: Date.parse('2026-03-02T03:00:00.000Z'),
      value: 4.5,
      label: '02 Mar 2026, 10:00 · Olivia Owner: note a',
    });
  });
});
