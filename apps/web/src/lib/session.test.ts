import type { MeResponse, MyCompany } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { findCompany, homePath } from './session.tsx';

const company = (id: string): MyCompany => ({
  id,
  title: `Company ${id}`,
  description: '',
  image_path: null,
  initial_code: 'C',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  rvs_upgrade: false,
  time_zone: 'Asia/Bangkok',
  role: 'member',
});

const me = (overrides: Partial<MeResponse>): MeResponse => ({
  id: 'u',
  name: 'User',
  email: 'user@example.com',
  role: 'USER',
  image: null,
  profileImageUrl: null,
  status: 'active',
  companies: [company('a'), company('b')],
  selectedCompanyId: null,
  permissions: [],
  ...overrides,
});

describe('homePath', () => {
  it('sends an administrator to the companies list', () => {
    expect(homePath(me({ role: 'ADMIN', selectedCompanyId: 'b' }))).toBe('/companies');
  });

  it('sends a member to the selected company, else to their first company', () => {
    expect(homePath(me({ selectedCompanyId: 'b' }))).toBe('/company/b');
    expect(homePath(me({ selectedCompanyId: null }))).toBe('/company/a');
  });
});

describe('findCompany', () => {
  it('finds only companies the user belongs to', () => {
    expect(findCompany(me({}), 'b')?.title).toBe('Company b');
    expect(findCompany(me({}), 'z')).toBeUndefined();
    expect(findCompany(me({}), null)).toBeUndefined();
  });
});
