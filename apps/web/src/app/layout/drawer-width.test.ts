import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clampDrawerWidth, useDrawerWidth } from './drawer-width.ts';

afterEach(() => {
  window.localStorage.clear();
});

describe('clampDrawerWidth', () => {
  it('keeps the drawer between 300 and 480 px', () => {
    expect(clampDrawerWidth(120)).toBe(300);
    expect(clampDrawerWidth(350.4)).toBe(350);
    expect(clampDrawerWidth(900)).toBe(480);
  });
});

describe('useDrawerWidth', () => {
  it("sizes the drawer to the tree's names until the user drags it, within 300 to 480 px", () => {
    const { result } = renderHook(() => useDrawerWidth());
    expect(result.current.width).toBe(300);
    act(() => result.current.fit(412.3));
    expect(result.current.width).toBe(412);
    act(() => result.current.fit(2000));
    expect(result.current.width).toBe(480);
    act(() => result.current.save(350));
    act(() => result.current.fit(420));
    expect(result.current.width).toBe(350);
  });

  it('keeps a width chosen on an earlier visit', () => {
    window.localStorage.setItem('sdp.drawer-width', '333');
    const { result } = renderHook(() => useDrawerWidth());
    act(() => result.current.fit(450));
    expect(result.current.width).toBe(333);
  });

  it('is settled once the tree has told its width, or from the start when the user chose one (issue 29)', () => {
    const fresh = renderHook(() => useDrawerWidth());
    expect(fresh.result.current.settled).toBe(false);
    // A tree with no names (failed, or nothing assigned) settles it at the narrowest width.
    act(() => fresh.result.current.fit(0));
    expect(fresh.result.current).toMatchObject({ settled: true, width: 300 });

    window.localStorage.setItem('sdp.drawer-width', '333');
    expect(renderHook(() => useDrawerWidth()).result.current.settled).toBe(true);
  });
});
