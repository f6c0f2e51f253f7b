import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenVisible', () => {
  it('mounts the chart only once it comes near the screen, and keeps it', () => {
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
    render(
      <WhenVisible minHeight={600}>
        <p>chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('chart')).toBeNull();
    act(() => notify([{ isIntersecting: false }]));
    expect(screen.queryByText('chart')).toBeNull();
    act(() => notify([{ isIntersecting: true }]));
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('mounts at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible minHeight={600}>
        <p>chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('chart')).toBeTruthy();
  });
});
