import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { EChartsCanvas } from './echarts-canvas.tsx';

const init = vi.fn(() => ({
  setOption: vi.fn(),
  resize: vi.fn(),
  dispose: vi.fn(),
  on: vi.fn(),
  getZr: () => ({ on: vi.fn() }),
}));
vi.mock('./echarts-setup.ts', () => ({ init, connect: vi.fn() }));

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  init.mockClear();
});

const option = { series: [{ type: 'line', data: [[1, 2]] }] };

describe('EChartsCanvas', () => {
  it('creates its chart only once the box comes near the screen, keeping the box its height before', async () => {
    let notify: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof notify) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<EChartsCanvas option={option} height={320} label="Oil temperature" />);
    const box = screen.getByRole('img', { name: 'Oil temperature' });
    expect(getComputedStyle(box).height).toBe('320px');
    act(() => notify([{ isIntersecting: false }]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(init).not.toHaveBeenCalled();
    expect(box.getAttribute('data-ready')).toBe('false');
    act(() => notify([{ isIntersecting: true }]));
    await waitFor(() => expect(box.getAttribute('data-ready')).toBe('true'));
    expect(init).toHaveBeenCalledTimes(1);
  });

  it('creates its chart at once where IntersectionObserver is missing', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<EChartsCanvas option={option} height={320} label="Oil temperature" />);
    const box = screen.getByRole('img', { name: 'Oil temperature' });
    await waitFor(() => expect(box.getAttribute('data-ready')).toBe('true'));
    expect(init).toHaveBeenCalledTimes(1);
  });
});
