import { HttpError } from '../../lib/http-error.ts';

export interface AdmissionLimits {
  /** Batches stored at once (each holds a database connection). */
  active: number;
  /** Batches waiting for a turn; one more is refused at once. */
  waiting: number;
  /** How long a batch may wait for its turn before it is refused. */
  waitMs: number;
}

/** Seconds a refused client is asked to wait (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 1;
export const BUSY =
  'The server is busy storing earlier data. Nothing of this request was stored: send it again after the time in Retry-After.';

/** A refusal for load: 503 with Retry-After and {detail}; the batch was not read, so nothing of it is stored. */
export class OverloadedError extends HttpError {
  constructor() {
    super(503, BUSY);
  }
}

/**
 * The bounded queue in front of ingestion (issue 17 item 2): at most `active` batches are stored at once and at most
 * `waiting` wait for a turn, each for at most `waitMs`; what does not fit is refused before its body is read. So
 * an overload costs the server a refusal per request, not memory, and leaves database connections for the portal.
 */
export function createAdmission(limits: AdmissionLimits) {
  let active = 0;
  const queue: { grant: () => void; timer: NodeJS.Timeout }[] = [];
  let refused = 0;

  const release = () => {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant();
    } else active--;
  };

  return {
    /** Waits for a turn and answers its release (call once), or throws OverloadedError. */
    async enter(): Promise<() => void> {
      if (active < limits.active) {
        active++;
      } else {
        if (queue.length >= limits.waiting) {
          refused++;
          throw new OverloadedError();
        }
        await new Promise<void>((grant, reject) => {
          const entry = {
            grant,
            timer: setTimeout(() => {
              queue.splice(queue.indexOf(entry), 1);
              refused++;
              reject(new OverloadedError());
            }, limits.waitMs),
          };
          queue.push(entry);
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    stats: () => ({ active, waiting: queue.length, refused }),
  };
}

export type Admission = ReturnType<typeof createAdmission>;
