import { describe, expect, it } from 'vitest';
import { assignmentCandidates, assignmentChanges } from './assignment.ts';

const olivia = { id: 'u1', name: 'Olivia Owner', email: 'owner@example.com', status: 'active' as const };
const mia = { id: 'u2', name: 'Mia Member', email: 'member@example.com', status: 'active' as const };
const gone = {
  id: 'u3',
  name: 'Gus Gone',
  email: 'gone@example.com',
  status: 'inactive' as const,
  role: 'member' as const,
};

describe('assignmentCandidates', () => {
  it('lists active members and assigned ones who left, once each, by name', () => {
    const rows = assignmentCandidates([olivia, mia], [{ ...mia, role: 'member' }, gone], '');
    expect(rows.map((row) => row.id)).toEqual(['u3', 'u2', 'u1']);
  });

  it('matches the search in the name or the e-mail, ignoring case', () => {
    expect(assignmentCandidates([olivia, mia], [], 'MIA').map((row) => row.id)).toEqual(['u2']);
    expect(assignmentCandidates([olivia, mia], [], 'owner@').map((row) => row.id)).toEqual(['u1']);
  });
});

describe('assignmentChanges', () => {
  it('sends only differences: new ticks are created, removed ticks deleted, unchanged ones left out', () => {
    const assigned = new Set(['u1', 'u3']);
    const ticks = new Map([
      ['u1', true],
      ['u2', true],
      ['u3', false],
    ]);
    expect(assignmentChanges(assigned, ticks)).toEqual([
      { id: 'u2', is_create: true, is_delete: false },
      { id: 'u3', is_create: false, is_delete: true },
    ]);
  });

  it('sends nothing when every tick was put back as it was', () => {
    expect(
      assignmentChanges(
        new Set(['u1']),
        new Map([
          ['u1', true],
          ['u2', false],
        ]),
      ),
    ).toEqual([]);
  });
});
