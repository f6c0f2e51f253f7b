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
  it('downloads the chart code as the box nears the screen and creates its chart only once it is on it', async () => {
    const meta = document.createElement('meta');
    meta.name = 'sdp-chart-code';
    meta.content = '/assets/echarts-setup-1.js /assets/renderer-2.js';
    document.head.append(meta);
    const observers = new Map<string, (entries: { isIntersecting: boolean }[]) => void>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(
          callback: (entries: { isIntersecting: boolean }[]) => void,
          options: { rootMargin: string },
        ) {
          observers.set(options.rootMargin, callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    // The box just below the screen (jsdom lays nothing out).
    const below = { top: 900, bottom: 1220, left: 0, right: 800, width: 800, height: 320, x: 0, y: 900 };
    const onScreen = { ...below, top: 300, bottom: 620, y: 300 };
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(below as DOMRect);
    render(<EChartsCanvas option={option} height={320} label="Oil temperature" />);
    const box = screen.getByRole('img', { name: 'Oil temperature' });
    expect(getComputedStyle(box).height).toBe('320px');
    const prefetched = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);
    expect(prefetched()).toEqual([]);

    // Near: the code is downloaded, not run.
    act(() => observers.get('1000px 0px')?.([{ isIntersecting: true }]));
    expect(prefetched()).toEqual([
      'http://localhost:3000/assets/echarts-setup-1.js',
      'http://localhost:3000/assets/renderer-2.js',
    ]);
    act(() => observers.get('0px 0px')?.([{ isIntersecting: false }]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(init).not.toHaveBeenCalled();
    expect(box.getAttribute('data-ready')).toBe('false');

    // On screen: the chart is created.
    rect.mockReturnValue(onScreen as DOMRect);
    act(() => observers.get('0px 0px')?.([{ isIntersecting: true }]));
    await waitFor(() => expect(box.getAttribute('data-ready')).toBe('true'));
    expect(init).toHaveBeenCalledTimes(1);
    rect.mockRestore();
    meta.remove();
  });

  it('creates its chart at once where IntersectionObserver is missing', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<EChartsCanvas option={option} height={320} label="Oil temperature" />);
    const box = screen.getByRole('img', { name: 'Oil temperature' });
    await waitFor(() => expect(box.getAttribute('data-ready')).toBe('true'));
    expect(init).toHaveBeenCalledTimes(1);
  });
});
