import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { SessionContext } from '../../../lib/session.tsx';
import { testMe } from '../../../testing/render-page.tsx';
import { MonitoringDashboard } from './monitoring-dashboard.tsx';

const i18n = initI18n();
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

function page(userId: string) {
  return render(
    <SessionContext
      value={{ me: testMe({ id: userId }), selectCompany: vi.fn(), refreshMe: vi.fn(async () => undefined) }}
    >
      <MonitoringDashboard title="Monitoring Dashboard">
        <p>Current Spectrum chart</p>
      </MonitoringDashboard>
    </SessionContext>,
  );
}

describe('the Monitoring Dashboard (spec 02 §2.6, collapsible; issue 27 item 4)', () => {
  it('collapses and expands, and stays collapsed for that user after a reload, not for another user', () => {
    page('user-a');
    expect(screen.getByText('Current Spectrum chart')).toBeTruthy();
    const collapse = screen.getByRole('button', { name: 'Collapse' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(collapse);
    const expand = screen.getByRole('button', { name: 'Expand' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Monitoring Dashboard' })).toBeTruthy();
    cleanup();

    // A reload: the same user finds it collapsed; another user of this browser finds it open.
    page('user-a');
    expect(screen.queryByText('Current Spectrum chart')).toBeNull();
    expect(screen.getByRole('button', { name: 'Expand' })).toBeTruthy();
    cleanup();
    page('user-b');
    expect(screen.getByText('Current Spectrum chart')).toBeTruthy();
    cleanup();

    page('user-a');
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(screen.getByText('Current Spectrum chart')).toBeTruthy();
    cleanup();
    page('user-a');
    expect(screen.getByText('Current Spectrum chart')).toBeTruthy();
  });

  it('names its button in Thai', async () => {
    await i18n.changeLanguage('th');
    page('user-a');
    fireEvent.click(screen.getByRole('button', { name: 'ย่อ' }));
    expect(screen.getByRole('button', { name: 'ขยาย' })).toBeTruthy();
  });
});
