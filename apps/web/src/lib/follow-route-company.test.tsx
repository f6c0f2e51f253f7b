import type { MeResponse } from '@sdp/contracts';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMe } from '../testing/render-page.tsx';
import { useFollowRouteCompany } from './follow-route-company.ts';
import { SessionContext } from './session.tsx';

const company = (id: string) => ({
  id,
  title: `Company ${id}`,
  description: '',
  image_path: null,
  initial_code: id.toUpperCase(),
  start_date: '2026-01-01',
  end_date: '2027-01-01',
  rvs_upgrade: false,
  time_zone: 'Asia/Bangkok',
  role: 'member' as const,
});

function follow(routeCompanyId: string | undefined, me: MeResponse, selectCompany = vi.fn(async () => me)) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionContext value={{ me, selectCompany, refreshMe: vi.fn(async () => undefined) }}>
      {children}
    </SessionContext>
  );
  const hook = renderHook(({ id }) => useFollowRouteCompany(id), {
    wrapper,
    initialProps: { id: routeCompanyId },
  });
  return { selectCompany, hook };
}

afterEach(cleanup);

describe('useFollowRouteCompany', () => {
  const me = testMe({ companies: [company('c1'), company('c2'), company('c3')], selectedCompanyId: 'c1' });

  it('selects the company of the address when it is another one the user may open', () => {
    const { selectCompany } = follow('c2', me);
    expect(selectCompany).toHaveBeenCalledExactlyOnceWith('c2');
  });

  it('leaves the session alone on the selected company, outside company pages, and for a company not theirs', () => {
    expect(follow('c1', me).selectCompany).not.toHaveBeenCalled();
    expect(follow(undefined, me).selectCompany).not.toHaveBeenCalled();
    expect(follow('c9', me).selectCompany).not.toHaveBeenCalled();
  });

  it('tries once per visit when the server refuses, and again for the next company', async () => {
    const selectCompany = vi.fn(async () => {
      throw new Error('403');
    });
    const { hook } = follow('c2', me, selectCompany);
    hook.rerender({ id: 'c2' });
    await Promise.resolve();
    hook.rerender({ id: 'c2' });
    expect(selectCompany).toHaveBeenCalledTimes(1);
    hook.rerender({ id: 'c3' });
    expect(selectCompany).toHaveBeenCalledTimes(2);
    expect(selectCompany).toHaveBeenLastCalledWith('c3');
  });
});
