import { describe, expect, it } from 'vitest';
import { can, isPlatformAdmin } from './permissions.ts';

describe('can', () => {
  it('allows exactly the permissions the server granted for the selected company', () => {
    const owner = { permissions: ['ViewCompany' as const, 'InviteMemberToCompany' as const] };
    expect(can(owner, 'InviteMemberToCompany')).toBe(true);
    expect(can(owner, 'ManageFolder')).toBe(false);
  });

  it('allows nothing to a user without permissions', () => {
    expect(can({ permissions: [] }, 'ViewCompany')).toBe(false);
  });
});

describe('isPlatformAdmin', () => {
  it('is true only for the platform ADMIN role', () => {
    expect(isPlatformAdmin({ role: 'ADMIN' })).toBe(true);
    expect(isPlatformAdmin({ role: 'USER' })).toBe(false);
  });
});
