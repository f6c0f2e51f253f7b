import type { Company } from '@sdp/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { CompanyCard } from './company-card.tsx';

const now = new Date('2026-06-01T06:00:00Z');

function company(endDate: string): Company {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    title: 'Acme Power',
    name: 'acme',
    description: '',
    image_path: null,
    image: null,
    initial_code: 'ACM',
    start_date: '2026-01-01',
    end_date: endDate,
    rvs_upgrade: false,
    time_zone: 'Asia/Bangkok',
    retention_days: 365,
    deleted_at: null,
  };
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('CompanyCard expiry', () => {
  it('says "Expires" with the days left while the company runs, singular for one day', () => {
    render(<CompanyCard company={company('2026-06-02')} now={now} selecting={false} onSelect={vi.fn()} />);
    expect(screen.getByText('Expires: 02/06/2026 (1 day left)')).toBeTruthy();
    cleanup();
    render(<CompanyCard company={company('2027-06-01')} now={now} selecting={false} onSelect={vi.fn()} />);
    expect(screen.getByText('Expires: 01/06/2027 (365 days left)')).toBeTruthy();
  });

  it('says "Expired" without days left once the end date has passed', () => {
    render(<CompanyCard company={company('2026-05-01')} now={now} selecting={false} onSelect={vi.fn()} />);
    expect(screen.getByText('Expired: 01/05/2026')).toBeTruthy();
    expect(screen.queryByText(/left/)).toBeNull();
  });

  it('reads in Thai when Thai is chosen', () => {
    setLanguage('th');
    render(<CompanyCard company={company('2026-06-11')} now={now} selecting={false} onSelect={vi.fn()} />);
    expect(screen.getByText('หมดอายุ: 11/06/2026 (เหลืออีก 10 วัน)')).toBeTruthy();
  });
});
