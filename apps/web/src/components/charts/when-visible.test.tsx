import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePaintedOnce } from './when-visible.tsx';

function Body() {
  const painted = usePaintedOnce();
  return (
    <>
      <p>Overall Status</p>
      {painted ? <p>Machine Status</p> : null}
    </>
  );
}

// A view draws its first screen alone and adds what lies below after the browser painted it (issue 29: the RVS
// machine diagram waited for the whole body's commit).
describe('usePaintedOnce', () => {
  it('is false in the first render and true once a frame has passed and its task has run', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    try {
      render(<Body />);
      expect(screen.getByText('Overall Status')).toBeTruthy();
      expect(screen.queryByText('Machine Status')).toBeNull();
      await act(async () => {
        vi.advanceTimersToNextFrame();
      });
      // The frame's callback only queued the task: nothing more before the paint.
      expect(screen.queryByText('Machine Status')).toBeNull();
      await act(async () => {
        vi.runOnlyPendingTimers();
      });
      expect(screen.getByText('Machine Status')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
