import type { Member } from '@sdp/contracts';
import type { MemberOption } from '../api/assign-members.ts';
import type { AssignedMember } from '../api/get-assigned-members.ts';

/** A row of the Assign Member table. */
export type AssignmentCandidate = Pick<Member, 'id' | 'name' | 'email' | 'status'>;

/**
 * Who the Assign Member table lists: the company's active members, plus anyone assigned already who is no
 * longer active (so they can be taken off), matching the search in name or e-mail, sorted by name.
 */
export function assignmentCandidates(
  active: readonly AssignmentCandidate[],
  assigned: readonly AssignedMember[],
  search: string,
): AssignmentCandidate[] {
  const byId = new Map<string, AssignmentCandidate>();
  for (const member of [...active, ...assigned]) if (!byId.has(member.id)) byId.set(member.id, member);
  const needle = search.trim().toLocaleLowerCase();
  return [...byId.values()]
    .filter(
      (member) =>
        needle === '' ||
        member.name.toLocaleLowerCase().includes(needle) ||
        member.email.toLocaleLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** Only the differences from the current assignment: ticked newcomers to add, unticked members to remove. */
export function assignmentChanges(
  assignedIds: ReadonlySet<string>,
  ticks: ReadonlyMap<string, boolean>,
): MemberOption[] {
  const changes: MemberOption[] = [];
  for (const [id, checked] of ticks) {
    if (checked === assignedIds.has(id)) continue;
    changes.push({ id, is_create: checked, is_delete: !checked });
  }
  return changes;
}
