import { describe, expect, it } from 'vitest';
import { can, canIn, isPlatformAdmin, roleIn } from './permissions.ts';

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

describe('roleIn', () => {
  it('is ADMIN for the platform ADMIN and the company role for everyone else', () => {
    expect(roleIn({ role: 'ADMIN' }, { role: 'owner_rvs' })).toBe('ADMIN');
    expect(roleIn({ role: 'USER' }, { role: 'owner_rvs' })).toBe('owner_rvs');
    expect(roleIn({ role: 'USER' }, { role: null })).toBeNull();
  });
});

describe('canIn', () => {
  const owner = {
    role: 'USER' as const,
    selectedCompanyId: 'a',
    permissions: ['InviteMemberToCompany' as const],
  };

  it('uses the permissions of the selected company only for that company', () => {
    expect(canIn(owner, 'a', 'InviteMemberToCompany')).toBe(true);
    expect(canIn(owner, 'b', 'InviteMemberToCompany')).toBe(false);
    expect(canIn(owner, 'a', 'RemoveMemberFromCompany')).toBe(false);
  });

  it('lets the platform ADMIN act in every company, selected or not', () => {
    expect(canIn({ role: 'ADMIN', selectedCompanyId: null, permissions: [] }, 'b', 'ManageFolder')).toBe(
      true,
    );
  });
});
