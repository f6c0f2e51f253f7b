import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { SpectrumChart } from './spectrum-chart.tsx';

vi.mock('./echarts-setup.ts', () => ({
  init: () => ({
    setOption: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(),
    on: vi.fn(),
    getZr: () => ({ on: vi.fn() }),
  }),
  connect: vi.fn(),
}));

beforeAll(() => {
  initI18n();
});
afterEach(cleanup);

const series = [
  {
    name: 'Capture 1',
    points: [
      [50, 0],
      [52, -38],
    ] as [number, number][],
  },
];

async function chooseMark(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Mark' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('SpectrumChart mark types', () => {
  it('shows the refusal instead of drawing a mark type the screen does not allow now', async () => {
    render(
      <SpectrumChart
        title="Current Spectrum — IA"
        series={series}
        loading={false}
        unitLabel="dB"
        refuseMark={(kind) =>
          kind === 'harmonic'
            ? {
                title: 'Unable to display harmonic',
                message: 'Please select more than one chart to display the harmonic line.',
                severity: 'warning',
              }
            : undefined
        }
      />,
    );
    await chooseMark('Harmonic');
    const dialog = await screen.findByRole('dialog', { name: 'Unable to display harmonic' });
    expect(
      within(dialog).getByText('Please select more than one chart to display the harmonic line.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The mark type stays None: no harmonic count field appears.
    expect(screen.getByRole('combobox', { name: 'Mark' }).textContent).toBe('None');
    // A mark type the screen allows is taken.
    await chooseMark('Sideband');
    expect(screen.getByRole('combobox', { name: 'Mark' }).textContent).toBe('Sideband');
  });
});
