import type pg from 'pg';
import type { LiveEvent } from './event-bus.ts';

/** How many missed events a resuming stream is sent at most; beyond that the page reloads everything anyway. */
export const REPLAY_LIMIT = 1_000;

/** The kept live events (migration 0020: live_events, a day long), read back for a stream that resumes. */
export function createLiveEventsRepository(pool: pg.Pool) {
  return {
    /** Events of a company after `afterId`, oldest first, each with its `liveId`. */
    async since(companyId: string, afterId: number): Promise<LiveEvent[]> {
      const { rows } = await pool.query<{ id: number; payload: LiveEvent }>({
        name: 'live-events-since',
        text: 'SELECT id, payload FROM live_events WHERE company_id = $1 AND id > $2 ORDER BY id LIMIT $3',
        values: [companyId, afterId, REPLAY_LIMIT],
      });
      return rows.map((row) => ({ ...row.payload, liveId: Number(row.id) }));
    },
  };
}

export type LiveEventsRepository = ReturnType<typeof createLiveEventsRepository>;
