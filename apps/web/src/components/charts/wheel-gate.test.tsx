import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { WheelGate } from './wheel-gate.tsx';

const i18n = initI18n();
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** A chart stand-in that, like zrender, listens to the wheel on its own element. */
function renderChart() {
  const zoomed = vi.fn();
  render(
    <WheelGate>
      <div
        role="img"
        aria-label="3D Spectrum"
        ref={(element) => {
          element?.addEventListener('wheel', zoomed);
          element?.addEventListener('mousewheel', zoomed);
        }}
      />
    </WheelGate>,
  );
  const chart = screen.getByRole('img', { name: '3D Spectrum' });
  const wheel = () => chart.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }));
  return { chart, zoomed, wheel, gate: chart.parentElement as HTMLElement };
}

describe('the waterfall takes the wheel only once clicked (issue 27 item 1)', () => {
  it('leaves the wheel to the page until the chart is clicked, then zooms; leaving the chart releases it', () => {
    const { zoomed, wheel, gate } = renderChart();
    wheel();
    expect(zoomed).not.toHaveBeenCalled();
    expect(gate.dataset.wheel).toBe('page');
    expect(screen.getByText('Click the chart to zoom it with the mouse wheel.')).toBeTruthy();
    fireEvent.pointerDown(gate);
    expect(gate.dataset.wheel).toBe('chart');
    wheel();
    expect(zoomed).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/The mouse wheel zooms the chart/)).toBeTruthy();
    fireEvent.pointerLeave(gate);
    wheel();
    expect(zoomed).toHaveBeenCalledTimes(1);
    expect(gate.dataset.wheel).toBe('page');
  });

  it('releases the wheel on Esc, and says so in Thai too', async () => {
    await i18n.changeLanguage('th');
    const { zoomed, wheel, gate } = renderChart();
    fireEvent.pointerDown(gate);
    fireEvent.keyDown(document, { key: 'Escape' });
    wheel();
    expect(zoomed).not.toHaveBeenCalled();
    expect(screen.getByText('คลิกที่กราฟเพื่อซูมด้วยล้อเมาส์')).toBeTruthy();
  });
});
