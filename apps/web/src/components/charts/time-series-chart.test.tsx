import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import type { ChartSeries } from './chart-logic.ts';
import { TimeSeriesChart } from './time-series-chart.tsx';
import { useChartControls } from './use-chart-controls.ts';

const setOption = vi.fn();
vi.mock('./echarts-setup.ts', () => ({
  init: () => ({ setOption, resize: vi.fn(), dispose: vi.fn(), on: vi.fn(), getZr: () => ({ on: vi.fn() }) }),
  connect: vi.fn(),
}));

const series: ChartSeries[] = [
  { tag: 'oil_temp', unit: '°C', warning: 80, alarm: 90, points: [[Date.UTC(2026, 10, 1), 85]] },
];

function Chart({
  data,
  loading = false,
  logToggle,
}: {
  data: ChartSeries[] | undefined;
  loading?: boolean;
  logToggle?: boolean;
}) {
  const controls = useChartControls('Asia/Bangkok');
  return (
    <TimeSeriesChart
      title="Oil temperature"
      timeZone="Asia/Bangkok"
      controls={controls}
      series={data}
      loading={loading}
      excelFileName="TR_1__HEALTH_MONITORING.xlsx"
      logToggle={logToggle}
    />
  );
}

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  setOption.mockClear();
});

describe('TimeSeriesChart', () => {
  it('shows the loading graph while fetching and No data when nothing came back', () => {
    render(<Chart data={undefined} loading />);
    expect(screen.getByText('Loading graph…')).toBeTruthy();
    cleanup();
    render(<Chart data={[]} />);
    expect(screen.getByText('No data')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Excel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws the series with its limit lines and applies the y axis inputs until Default', async () => {
    render(<Chart data={series} />);
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    const last = () => setOption.mock.calls.at(-1)?.[0] as { yAxis: { max?: number }; series: unknown[] };
    expect(last().series).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Oil temperature' }).getAttribute('data-points')).toBe('1');
    fireEvent.change(screen.getByLabelText('Y max'), { target: { value: '120' } });
    await waitFor(() => expect(last().yAxis.max).toBe(120));
    fireEvent.click(screen.getByRole('button', { name: 'Default' }));
    // Default: the automatic axis again, which reaches the alarm line (90) on a round step.
    await waitFor(() => expect(last().yAxis.max).not.toBe(120));
    expect(last().yAxis.max ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(90);
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('offers both date types and a 30-day range by default', () => {
    render(<Chart data={series} />);
    expect((screen.getByLabelText('Last 6 months') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('6 months or more')).toBeTruthy();
    // DD/MM/YYYY in every language, as the tables write dates (issue 27 item 5).
    const day = (label: string) =>
      Date.parse((screen.getByLabelText(label) as HTMLInputElement).value.split('/').reverse().join('-'));
    expect((day('End date') - day('Start date')) / 86_400_000).toBe(29);
  });

  it('titles the y axis with quantity and unit, and switches to the logarithmic axis when asked', async () => {
    render(<Chart data={series} logToggle />);
    await waitFor(() => expect(setOption).toHaveBeenCalled());
    const last = () =>
      setOption.mock.calls.at(-1)?.[0] as { yAxis: { type: string; name: string; max?: number } };
    expect(last().yAxis).toMatchObject({ type: 'value', name: 'oil_temp [°C]' });
    fireEvent.click(screen.getByRole('switch', { name: 'Logarithmic scale' }));
    await waitFor(() => expect(last().yAxis.type).toBe('log'));
    expect(last().yAxis.max).toBe(10_000);
  });

  it('offers no logarithmic switch where the chart does not ask for one', () => {
    render(<Chart data={series} />);
    expect(screen.queryByRole('switch', { name: 'Logarithmic scale' })).toBeNull();
  });
});
