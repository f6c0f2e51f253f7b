import { type ModelDetail, modelSettingsInput } from '@sdp/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { type Call, stubServer } from '../../../testing/stub-server.ts';
import { testTreeNode } from '../../../testing/tree-fixtures.ts';
import { formatRefreshed, ModelViewShell } from '../../model-views/shell/model-view-shell.tsx';
import { ModelViewPage } from './model-view-page.tsx';

vi.mock('../../../components/charts/echarts-setup.ts', () => ({
  init: () => ({
    setOption: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(),
    on: vi.fn(),
    getZr: () => ({ on: vi.fn() }),
  }),
  connect: vi.fn(),
}));

const MODEL_ID = '11111111-1111-4111-8111-111111111111';
const COMPANY_ID = '22222222-2222-4222-8222-222222222222';
const TAG_ID = '33333333-3333-4333-8333-333333333333';

const model: ModelDetail = {
  id: MODEL_ID,
  modelCode: 'TX1-TR',
  modelName: 'TX1',
  title: 'Transformer TX1',
  equipmentId: TAG_ID,
  equipmentTagId: TAG_ID,
  modelTypeId: 1,
  equipmentModelTypeId: 1,
  equipmentModelType: { id: 1, title: 'Transformer' },
  isActive: 'active',
  status: 1,
  equipmentCode: { code: 'TX1' },
  companyId: COMPANY_ID,
  recommendationFileName: null,
  equipmentModelConfiguration: [],
  settings: modelSettingsInput.parse({ model_in: { title: 'Transformer TX1' } }),
  updatedAt: '2026-11-22T08:00:00.000Z',
};

const me = testMe({
  selectedCompanyId: COMPANY_ID,
  companies: [
    {
      id: COMPANY_ID,
      title: 'Acme',
      description: '',
      image_path: null,
      initial_code: 'AC',
      start_date: '2026-01-01',
      end_date: '2027-01-01',
      rvs_upgrade: false,
      time_zone: 'Asia/Tokyo',
      role: 'owner',
    },
  ],
});

function serve(openFaultEvents = 0): Call[] {
  return stubServer({
    [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
    [`GET /api/v1/equipment-models/${MODEL_ID}/summary`]: {
      status: 200,
      body: {
        id: MODEL_ID,
        modelCode: 'TX1-TR',
        modelName: 'Transformer TX1',
        modelTypeId: 1,
        isActive: true,
        status: 2,
        openFaultEvents,
        lastDataAt: '2026-11-23T08:00:00.000Z',
      },
    },
    [`GET /api/v1/equipment-models/${MODEL_ID}/series`]: {
      status: 200,
      body: [
        {
          tag: 'oil_temp',
          unit: '°C',
          source: 'input',
          lastTs: null,
          lastValue: null,
          status: 0,
          warning: 80,
          alarm: 90,
        },
      ],
    },
    [`GET /api/v1/equipment-models/tr-summary-status/${MODEL_ID}`]: {
      status: 200,
      body: {
        modelId: MODEL_ID,
        status: 2,
        refreshedAt: '2026-11-20T03:00:00.000Z',
        ...Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((key) => [key, []])),
        dga: {
          main_tank: { zone: 'T2', description: 'Thermal fault', colorCode: '#D9263B', timeStamp: null },
          oltc: { zone: null, description: '', colorCode: '#4CAF50', timeStamp: null },
        },
        tr_diagram_status: { cw: 0, d: 0, i: 0, j: 0, f: 0, co: 1, g: 0, e: 0, h: 2, summaryHealthStatus: 2 },
      },
    },
    'GET /api/v1/health-monitoring/tabs': {
      status: 200,
      body: [
        { id: 1, key: 'load', name: 'Load & Current', groupCode: 'b', equipmentModelTypeId: 1 },
        { id: 2, key: 'thermal', name: 'Thermal', groupCode: 'c', equipmentModelTypeId: 1 },
      ],
    },
    'GET /api/v1/equipment-models/alarm-limit-group_master/all': {
      status: 200,
      body: [
        {
          id: 11,
          code: 'b',
          name: 'B',
          equipmentModelTypeId: 1,
          sensorTypes: [{ id: 1, name: 'Load current A', tagCode: 'load_current_a', unit: 'A' }],
        },
        {
          id: 12,
          code: 'c',
          name: 'C',
          equipmentModelTypeId: 1,
          sensorTypes: [{ id: 2, name: 'Top oil temperature', tagCode: 'oil_temp', unit: '°C' }],
        },
      ],
    },
    [`GET /api/v1/equipment-models/${MODEL_ID}/series/data`]: (call) => ({
      status: 200,
      body: {
        from: call.search.get('from'),
        to: call.search.get('to'),
        series: [
          {
            tag: 'oil_temp',
            unit: '°C',
            warning: 80,
            alarm: 90,
            direction: 'high',
            method: 'm4',
            points: [[Date.parse('2026-11-20T00:00:00Z'), 85]],
          },
        ],
      },
    }),
  });
}

function renderView() {
  return renderPage(<ModelViewPage />, { path: '/model/:id', at: `/model/${MODEL_ID}`, me });
}

beforeAll(() => {
  initI18n();
  // jsdom lays nothing out: give the chart box the width of a real one, so the chart asks for its data.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ModelViewPage', () => {
  it('shows the name, the status, the Refreshed time and no badge without open fault events', async () => {
    serve();
    renderView();
    await screen.findByRole('heading', { name: 'Transformer TX1' });
    await waitFor(() => expect(screen.getByText(/^Refreshed /)).toBeTruthy());
    // The summary's status, newer than the model's own.
    await waitFor(() => expect(within(screen.getByLabelText('Status')).getByText('Alarm')).toBeTruthy());
    expect(screen.queryByLabelText(/^Open fault events/)).toBeNull();
    expect(screen.queryByText('The dashboard of this model is not available yet.')).toBeNull();
  });

  it('shows the diagram badges coloured by their parts, the health status and the cooling card', async () => {
    serve();
    renderView();
    const badges = await screen.findByRole('list', { name: 'Diagram' });
    expect(within(badges).getByText('H: Alarm')).toBeTruthy();
    expect(within(badges).getByText('Co: Warning')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Health Status' })).getByText('Alarm')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Cooling' })).getByText('Normal')).toBeTruthy();
  });

  it('badges the open fault events of the summary', async () => {
    serve(4);
    renderView();
    expect((await screen.findByLabelText('Open fault events: 4')).textContent).toContain('4');
  });

  it('draws the trends of the sensor types of the chosen Health Monitoring tab, in the company zone', async () => {
    const calls = serve();
    renderView();
    await screen.findByRole('tab', { name: 'Health Monitoring' });
    // The first tab's sensor has no series on this model (panels A–J above show their own 'No data' too).
    await screen.findByRole('tab', { name: 'Load & Current' });
    await waitFor(() => expect(screen.getAllByText('No data').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('tab', { name: 'Thermal' }));
    await screen.findByRole('region', { name: 'Top oil temperature (°C)' });
    const data = await waitFor(() => {
      const call = calls.find((one) => one.path.endsWith('/series/data'));
      if (!call) throw new Error('no data call yet');
      return call;
    });
    expect(data.search.get('tags')).toBe('oil_temp');
    expect(data.search.get('method')).toBe('m4');
    // 800 px box less the plot margins (with room for the limit labels): at most four points per pixel column.
    expect(data.search.get('width')).toBe('676');
    // Whole days from midnight in Tokyo (UTC+9), never a fixed offset.
    expect(data.search.get('from')).toMatch(/T15:00:00\.000Z$/);
    expect(data.search.get('to')).toMatch(/T14:59:59\.999Z$/);
  });

  it('keeps the time-out selector disabled until Auto is on, and Auto refreshes at the chosen interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve();
    renderView();
    await screen.findByRole('heading', { name: 'Transformer TX1' });
    const interval = screen.getByRole('combobox', { name: 'Time out' });
    expect(interval.getAttribute('aria-disabled')).toBe('true');
    expect(within(interval).getByText('10 min')).toBeTruthy();
    const auto = screen.getByRole('switch', { name: 'Auto' });
    await waitFor(() => expect((auto as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(auto);
    expect(interval.getAttribute('aria-disabled')).toBeNull();
    const before = calls.filter(
      (call) => call.path === `/api/v1/equipment-models/${MODEL_ID}/summary`,
    ).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    });
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === `/api/v1/equipment-models/${MODEL_ID}/summary`).length,
      ).toBeGreaterThan(before),
    );
  });

  it('lists every panel of the page in the section bar, the configuration, Fault Event Alarm and Note included (issue 27.4)', async () => {
    serve();
    renderView();
    const nav = await screen.findByRole('navigation', { name: 'On this page' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([
        'Overall Status',
        'Transformer panels',
        'Transformer Information',
        'Monitoring Dashboard',
        'Fault Event Alarm',
        'Status history',
        'Alarm precision',
        'Note and History log',
      ]),
    );
  });

  it('formats Refreshed as DD MMMM YYYY, HH:mm in the zone', () => {
    expect(formatRefreshed(Date.parse('2026-11-23T20:05:00Z'), 'Asia/Bangkok', 'en')).toBe(
      '24 November 2026, 03:05',
    );
  });

  it('shows the open fault-event count as a badge when there are some', () => {
    render(
      <ModelViewShell
        name="Transformer TX1"
        back={null}
        status={2}
        openFaultEvents={3}
        refreshedAt={undefined}
        summaryLoading
        timeZone="Asia/Bangkok"
        onRefresh={vi.fn()}
      >
        body
      </ModelViewShell>,
    );
    expect(screen.getByLabelText('Open fault events: 3').textContent).toContain('3');
    expect(screen.getByText('Alarm')).toBeTruthy();
    // The switch waits for the summary.
    expect((screen.getByRole('switch', { name: 'Auto' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('ModelViewPage from one model to another', () => {
  const OTHER_ID = '44444444-4444-4444-8444-444444444444';

  /** The same transformer answers for a second id, under another name: two models of one type. */
  function serveTwo() {
    serve();
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (input === `/api/v1/equipment-models/${OTHER_ID}`) {
        const body = JSON.stringify({ ...model, id: OTHER_ID, title: 'Transformer TX2' });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
      }
      return inner(input.replaceAll(OTHER_ID, MODEL_ID), init);
    });
  }

  const selectedTab = (name: string) =>
    screen.getByRole('tab', { name }).getAttribute('aria-selected') === 'true';

  it('starts the other model of the same type on its default selections, even when it is cached (issue 27.4)', async () => {
    serveTwo();
    const router = renderPage(<ModelViewPage />, { path: '/model/:id', at: `/model/${OTHER_ID}`, me });
    await screen.findByRole('heading', { name: 'Transformer TX2' });
    await act(() => router.navigate(`/model/${MODEL_ID}`));
    await screen.findByRole('heading', { name: 'Transformer TX1' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Thermal' }));
    await waitFor(() => expect(selectedTab('Thermal')).toBe(true));

    // Back to the first model, whose detail is still cached: its page starts afresh on the first tab.
    await act(() => router.navigate(`/model/${OTHER_ID}`));
    await screen.findByRole('heading', { name: 'Transformer TX2' });
    await waitFor(() => expect(selectedTab('Load & Current')).toBe(true));
    expect(selectedTab('Thermal')).toBe(false);
  });
});

describe("ModelViewPage finding one's way (issue 27.4)", () => {
  it('shows where the model is, company › folder › tag › model, and leads back to its company', async () => {
    const tag = testTreeNode('equipment', 'TX1 bay', { id: TAG_ID });
    const folder = testTreeNode('folder', 'Substation North', { children: [tag] });
    const root = testTreeNode('company', 'Acme', { id: COMPANY_ID, children: [folder] });
    serve();
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.startsWith('/api/v1/structure-item-company?')
        ? Promise.resolve(
            new Response(JSON.stringify(root), { headers: { 'content-type': 'application/json' } }),
          )
        : inner(input, init),
    );
    // A platform administrator with no company selected still finds the way back to the model's company.
    renderPage(<ModelViewPage />, {
      path: '/model/:id',
      at: `/model/${MODEL_ID}`,
      me: { ...me, role: 'ADMIN', selectedCompanyId: null },
    });

    const trail = await screen.findByRole('navigation', { name: 'Where this model is' });
    await waitFor(() =>
      expect(
        within(trail)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Acme', 'Substation North', 'TX1 bay', 'Transformer TX1']),
    );
    expect(within(trail).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      `/company/${COMPANY_ID}`,
    );
    expect(within(trail).getByRole('link', { name: 'Substation North' }).getAttribute('href')).toBe(
      `/company/${COMPANY_ID}?folderSelect=${folder.id}`,
    );
    expect(within(trail).getByText('Transformer TX1').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Back to the company page' }).getAttribute('href')).toBe(
      `/company/${COMPANY_ID}`,
    );
  });
});
