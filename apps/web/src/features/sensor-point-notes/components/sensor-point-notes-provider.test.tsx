import type { MeResponse, SensorPointNote } from '@sdp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSeries } from '../../../components/charts/chart-logic.ts';
import { zoneWallClock } from '../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { SessionContext } from '../../../lib/session.tsx';
import { testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { SensorPointNotesProvider } from './sensor-point-notes-provider.tsx';

// ECharts itself (a canvas) is not drawn in jsdom: its instance records the option and hands out the click handler.
const setOption = vi.fn();
const handlers: Record<string, (params: unknown) => void> = {};
vi.mock('../../../components/charts/echarts-setup.ts', () => ({
  init: () => ({
    setOption,
    resize: vi.fn(),
    dispose: vi.fn(),
    on: (name: string, handler: (params: unknown) => void) => {
      handlers[name] = handler;
    },
    getZr: () => ({ on: vi.fn() }),
  }),
  connect: vi.fn(),
}));

const ZONE = 'Asia/Bangkok';
const now = Date.now();
const h2: ChartSeries = {
  tag: 'h2',
  name: 'Hydrogen',
  unit: 'ppm',
  warning: 100,
  alarm: 150,
  points: [
    [now - 3_600_000, 90],
    [now - 1_800_000, 120],
  ],
};
const saved: SensorPointNote = {
  id: '00000000-0000-4000-8000-0000000000a1',
  timestamp: new Date(now - 3_600_000).toISOString(),
  sensor_id: 'h2',
  sensor_name: 'h2',
  type: '',
  axis: '',
  y_position: 90,
  description: 'Oil sampled here',
  rvs_graph_id: '',
  model_code: 'TX1',
  createdById: null,
  name: 'Olivia Owner',
};

function Trend() {
  const controls = useChartControls(ZONE);
  return (
    <TimeSeriesChart
      title="Hydrogen"
      timeZone={ZONE}
      controls={controls}
      series={[h2]}
      loading={false}
      excelFileName="TX1.xlsx"
      pointNotes
    />
  );
}

function renderTrend(me: MeResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <SessionContext value={{ me, selectCompany: vi.fn(), refreshMe: vi.fn(async () => undefined) }}>
          <SensorPointNotesProvider modelCode="TX1" companyId="c1">
            <Trend />
          </SensorPointNotesProvider>
        </SessionContext>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const owner = testMe({ permissions: ['ViewCompany', 'ManageSensorPointNotes'] });
const member = testMe({ permissions: ['ViewCompany'] });
const wall = zoneWallClock(ZONE);
const clickPoint = (index: number) =>
  act(() =>
    handlers.click?.({
      componentType: 'series',
      seriesIndex: 0,
      dataIndex: index,
      value: [wall(h2.points[index]?.[0] as number), h2.points[index]?.[1]],
    }),
  );
type Drawn = { series: { markPoint: { data: { id: string }[] } }[] } | undefined;
const lastPins = () => (setOption.mock.calls.at(-1)?.[0] as Drawn)?.series[0]?.markPoint.data ?? [];

beforeAll(() => {
  initI18n();
  // The kit measures its box; jsdom has none.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOption.mockClear();
});

// MUI dialogs and the kit's toolbar take seconds to render the first time in jsdom.
describe('sensor point notes on a trend', { timeout: 30_000 }, () => {
  it('pins and lists the notes of the range; a click on a point writes one, 250 characters, empty sent as is', async () => {
    const calls = stubServer({
      'GET /api/v1/rvs/sensor-point-notes': { status: 200, body: [saved] },
      'POST /api/v1/rvs/sensor-point-notes': { status: 200, body: saved },
    });
    renderTrend(owner);
    await waitFor(() => expect(lastPins().map((pin) => pin.id)).toEqual([saved.id]));
    const list = calls.find((call) => call.method === 'GET');
    expect(list?.search.get('modelCode')).toBe('TX1');
    expect(screen.getByRole('list', { name: 'Notes on this graph' }).textContent).toContain(
      'Oil sampled here',
    );

    clickPoint(1);
    const dialog = await screen.findByRole('dialog', { name: 'Sensor point note' });
    expect(dialog.textContent).toContain('value 120.00');
    const text = screen.getByLabelText('Note (250 characters)');
    fireEvent.change(text, { target: { value: 'x'.repeat(251) } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(text, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      model_code: 'TX1',
      sensor_id: 'h2',
      y_position: 120,
      timestamp: new Date(h2.points[1]?.[0] as number).toISOString(),
      description: '',
    });
  });

  it('tells other roles, word for word, that they may not', async () => {
    stubServer({ 'GET /api/v1/rvs/sensor-point-notes': { status: 200, body: [saved] } });
    renderTrend(member);
    await waitFor(() => expect(lastPins()).toHaveLength(1));
    clickPoint(0);
    expect(
      await screen.findByText(
        'Permission Denied: You cannot access this feature because you are not authorized.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    act(() => handlers.click?.({ componentType: 'markPoint', seriesIndex: 0, data: { id: saved.id } }));
    expect(await screen.findByText(/^Permission Denied/)).toBeTruthy();
    expect(screen.queryByLabelText('Note (250 characters)')).toBeNull();
    // In Thai, the same refusal in Thai.
    act(() => setLanguage('th'));
    try {
      expect(await screen.findByText('ไม่ได้รับอนุญาต: คุณไม่สามารถใช้ฟีเจอร์นี้ได้เนื่องจากไม่มีสิทธิ์')).toBeTruthy();
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('is off in yearly mode: no pins, no dialog', async () => {
    const calls = stubServer({ 'GET /api/v1/rvs/sensor-point-notes': { status: 200, body: [saved] } });
    renderTrend(owner);
    await waitFor(() => expect(lastPins()).toHaveLength(1));
    fireEvent.click(screen.getByLabelText('6 months or more'));
    await waitFor(() => expect(lastPins()).toHaveLength(0));
    expect(screen.getAllByText('Sensor point notes are off in yearly mode.').length).toBeGreaterThan(0);
    const asked = calls.length;
    clickPoint(0);
    expect(screen.queryByRole('dialog', { name: 'Sensor point note' })).toBeNull();
    expect(calls.length).toBe(asked);
  });
});
