/**
 * The distribution key of rows named by their id alone (issue 28 item 3, docs/scale.md "Distribution keys"): a route
 * that takes an event or note id learns its model with one lookup by id (on a distributed database, a query sent to
 * every shard), and every other statement of the call filters by the model. A row never changes model, so the answer
 * is kept (the most recent `size` ids): the route's access check and the call it guards share one lookup. A row
 * deleted since is simply not found by the statements that follow, which filter by model and id.
 */
export function createKeyLookup<Id>(lookup: (ids: Id[]) => Promise<Map<Id, string>>, size = 10_000) {
  const known = new Map<Id, string>();

  async function many(ids: readonly Id[]): Promise<Map<Id, string>> {
    const found = new Map<Id, string>();
    const missing: Id[] = [];
    for (const id of ids) {
      const key = known.get(id);
      if (key === undefined) missing.push(id);
      else found.set(id, key);
    }
    if (missing.length) {
      for (const [id, key] of await lookup(missing)) {
        found.set(id, key);
        known.delete(id);
        known.set(id, key);
      }
      for (const oldest of known.keys()) {
        if (known.size <= size) break;
        known.delete(oldest);
      }
    }
    return found;
  }

  return {
    many,
    one: async (id: Id): Promise<string | undefined> => (await many([id])).get(id),
  };
}
