/**
 * First element of the structure feature's query keys: the company tree, its dashboard and folder overviews.
 * Named here because others make them stale too (a saved model, live events), and features never import one
 * another.
 */
export const STRUCTURE_QUERY_ROOT = 'structure';
