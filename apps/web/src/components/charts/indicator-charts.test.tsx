import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { ALARM_COLOR, WARNING_COLOR } from './chart-logic.ts';
import { GaugeChart } from './gauge-chart.tsx';
import { LimitBarChart } from './limit-bar-chart.tsx';
import { PrpdScatterChart } from './prpd-scatter-chart.tsx';

const setOption = vi.fn();
vi.mock('./echarts-setup.ts', () => ({
  init: () => ({ setOption, resize: vi.fn(), dispose: vi.fn(), on: vi.fn() }),
  connect: vi.fn(),
}));

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  setOption.mockClear();
});

type Option = {
  series: { type: string; max?: number; data: { value: unknown; itemStyle?: { color: string } }[] }[];
};
const lastOption = () => setOption.mock.calls.at(-1)?.[0] as Option;

describe('GaugeChart', () => {
  it('draws the value with warning and alarm pointers on 1.2 × alarm, named for screen readers', async () => {
    render(
      <GaugeChart item={{ name: 'Load', value: 110, unit: '%', warning: 100, alarm: 120, status: 1 }} />,
    );
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    const [gauge] = lastOption().series;
    expect(gauge?.type).toBe('gauge');
    expect(gauge?.max).toBeCloseTo(144, 9);
    expect(gauge?.data.map((d) => d.itemStyle?.color)).toEqual([WARNING_COLOR, ALARM_COLOR, WARNING_COLOR]);
    expect(screen.getByRole('img', { name: 'Load' }).getAttribute('data-points')).toBe('3');
  });
});

describe('LimitBarChart', () => {
  it('draws a bar per item and the limit markers', async () => {
    render(
      <LimitBarChart
        label="Current & Voltage"
        items={[
          { name: 'Load current phase A', value: 160, unit: 'A', warning: 276, alarm: 301, status: 0 },
          { name: 'HV voltage', value: 130, unit: 'kV', warning: 121, alarm: 126.5, status: 2 },
        ]}
      />,
    );
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    expect(lastOption().series.map((s) => [s.type, s.data.length])).toEqual([
      ['bar', 2],
      ['scatter', 2],
      ['scatter', 2],
    ]);
    expect(lastOption().series[0]?.data[1]?.itemStyle?.color).toBe(ALARM_COLOR);
  });
});

describe('PrpdScatterChart', () => {
  const base = { maxCount: 9, chargeMax: 160, unit: 'pC' };

  it('shows the loading graph, No data, and a failure with Retry', () => {
    render(<PrpdScatterChart {...base} points={undefined} loading />);
    expect(screen.getByText('Loading graph…')).toBeTruthy();
    cleanup();
    render(<PrpdScatterChart {...base} points={[]} loading={false} />);
    expect(screen.getByText('No data')).toBeTruthy();
    cleanup();
    const retry = vi.fn();
    render(<PrpdScatterChart {...base} points={undefined} loading={false} error="Failed." onRetry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('draws the cells coloured by count over the reference sine', async () => {
    render(
      <PrpdScatterChart
        {...base}
        points={[
          [47.5, 12.3, 4],
          [227.5, 80.1, 9],
        ]}
        loading={false}
      />,
    );
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    expect(lastOption().series.map((s) => [s.type, s.data.length])).toEqual([
      ['scatter', 2],
      ['line', 73],
    ]);
    expect(screen.getByRole('img', { name: 'Phase-resolved partial discharge' })).toBeTruthy();
    expect(screen.queryByText('No data')).toBeNull();
  });
});

describe('a chart that cannot be drawn', () => {
  it('says so in its own box with Retry, and Retry draws it again', async () => {
    setOption.mockImplementationOnce(() => {
      throw new Error('WebGL is not available');
    });
    render(<GaugeChart item={{ name: 'Load', value: 50, unit: '%', warning: 100, alarm: 120, status: 0 }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Load could not be drawn: WebGL is not available');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Load' })).toBeTruthy());
    await waitFor(() => expect(setOption).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
