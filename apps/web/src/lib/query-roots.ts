/**
 * First element of the structure feature's query keys: the company tree, its dashboard and folder overviews.
 * Named here because others make them stale too (a saved model, live events), and features never import one
 * another.
 */
export const STRUCTURE_QUERY_ROOT = 'structure';

/**
 * First element of the query keys of an open model page (its summary, charts and panels): live events make them
 * stale, so what the page shows follows new data without a reload.
 */
export const MODEL_VIEW_QUERY_ROOT = 'model-view';
