/** −1: no data (offline); 0 normal; 1 warning; 2 alarm (spec 02 §4). */
export const OFFLINE = -1;

/** A tag's status moved to `status` with the value at `t` (epoch ms, the value's own time). */
export interface TagTransition {
  t: number;
  tag: string;
  status: number;
  value: number;
}

/** One row of a model's status history, before it is stored. */
export interface StatusChange {
  t: number;
  status: number;
  source: 'evaluation' | 'no_data';
  tag: string | null;
  value: number | null;
}

/**
 * The model's status changes an evaluation of its tags implies, in the values' own time. The model's status is the
 * highest of its tags' (none: offline); `initial` holds each tag's status before the evaluation, `transitions` each
 * change of a tag's status in the order the tag's values were evaluated (per tag never earlier than its previous
 * one). Answers, in time order: the model's status as its tags stood before (dated with the first value evaluated,
 * `firstT`), then each change of the highest, named by the tag that caused it; changes of several tags at one instant
 * count as one. The last change is always `final`, the status the evaluation sets (dated `lastT`): the history ends
 * where the model stands. Changes equal to the stored status are dropped when stored, not here.
 */
export function modelStatusChanges(
  initial: ReadonlyMap<string, number>,
  transitions: readonly TagTransition[],
  final: number,
  span: { firstT: number; lastT: number },
): StatusChange[] {
  const statuses = new Map(initial);
  const level = () => (statuses.size ? Math.max(...statuses.values()) : OFFLINE);
  let current = level();
  const changes: StatusChange[] = [
    { t: span.firstT, status: current, source: 'evaluation', tag: null, value: null },
  ];
  const sorted = [...transitions].sort((a, b) => a.t - b.t);
  for (let i = 0; i < sorted.length; ) {
    const start = i;
    const at = (sorted[i] as TagTransition).t;
    for (; i < sorted.length && (sorted[i] as TagTransition).t === at; i++) {
      const transition = sorted[i] as TagTransition;
      statuses.set(transition.tag, transition.status);
    }
    const next = level();
    if (next === current) continue;
    const group = sorted.slice(start, i);
    // A rise is named by the tag that reached the new level, a fall by the tag whose drop lowered it.
    const cause =
      (next > current ? group.find((transition) => transition.status === next) : null) ??
      (group.at(-1) as TagTransition);
    changes.push({ t: at, status: next, source: 'evaluation', tag: cause.tag, value: cause.value });
    current = next;
  }
  if (current !== final)
    changes.push({ t: span.lastT, status: final, source: 'evaluation', tag: null, value: null });
  return changes;
}
