import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { roleLabel, roleName } from './role-names.ts';

const i18n = initI18n();

describe('role names', () => {
  it('reads every spelling of a role as one name: Super member, not SUPMEM', () => {
    expect(roleName('supmem')).toBe('SUPERMEMBER');
    expect(roleName('SUPERMEMBER')).toBe('SUPERMEMBER');
    expect(roleName('owner_rvs')).toBe('OWNER_RVS');
    expect(roleName('ADMIN')).toBe('ADMIN');
    expect(roleName('guest')).toBeUndefined();
    expect(roleLabel('supmem', i18n.getFixedT('en'))).toBe('Super member');
    expect(roleLabel('owner_rvs', i18n.getFixedT('en'))).toBe('Owner RVS');
    expect(roleLabel('supmem', i18n.getFixedT('th'))).toBe('สมาชิกระดับสูง');
    expect(roleLabel('guest', i18n.getFixedT('en'))).toBe('guest');
  });
});
