/**
 * The diagnosis' words for a new event's notification, a module of its own so that `use-live-events` fetches them
 * (and the zod schemas they come with) only when a Thai notification needs them: a dynamic import of
 * `@sdp/contracts` itself would keep every export of the package in the first download, which imports it too.
 */
export { eventAlarmMessage } from '@sdp/contracts';
