import type { MemberStatus } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { actionsForStatus, type StatusAction } from './status-actions.ts';

const table: [MemberStatus, StatusAction, boolean][] = [
  ['active', 'edit', true],
  ['active', 'activate', false],
  ['active', 'resend', false],
  ['active', 'delete', true],
  ['pending', 'edit', false],
  ['pending', 'activate', false],
  ['pending', 'resend', true],
  ['pending', 'delete', true],
  ['inactive', 'edit', false],
  ['inactive', 'activate', true],
  ['inactive', 'resend', false],
  ['inactive', 'delete', false],
];

describe('actionsForStatus (spec 01 §4)', () => {
  it.each(table)('a row %s offers %s: %s', (status, action, offered) => {
    expect(actionsForStatus(status).includes(action)).toBe(offered);
  });
});
