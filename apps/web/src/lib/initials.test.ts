import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and last words, or two letters of a single word', () => {
    expect(initials('Demo Plant')).toBe('DP');
    expect(initials('  mary  ann   smith ')).toBe('MS');
    expect(initials('acme')).toBe('AC');
    expect(initials('')).toBe('');
  });
});
