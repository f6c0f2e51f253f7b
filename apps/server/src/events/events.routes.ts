import type { ServerResponse } from 'node:http';
import { uuid } from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, companyGrant, requireAuth } from '../auth/access.ts';
import type { EquipmentVisibility } from '../auth/equipment-visibility.ts';
import type { SessionsRepository } from '../auth/sessions.repository.ts';
import type { EventBus, LiveEvent } from './event-bus.ts';
import type { LiveEventsRepository } from './live-events.repository.ts';

const HEARTBEAT_MS = 25_000;
/** Streams are authorised again at least this often (changes missed while LISTEN was down). */
const RECHECK_MS = 60_000;
/** The `sdp_auth` announcements that can change what a stream may receive (migrations 0008 and 0013). */
const AUTH_TABLES = new Set(['sessions', 'users', 'companies', 'memberships', 'equipment_tag_members']);
/** Streams authorised again at once; the event loop serves other requests between two batches. */
const REAUTHORISE_BATCH = 50;
/** What a stream closed for a newer one hears: its browser waits this long before it reconnects. */
const SUPERSEDED_RETRY_MS = 60_000;

interface Options {
  bus: EventBus;
  sessions: SessionsRepository;
  visibility: EquipmentVisibility;
  log: LiveEventsRepository;
  /** The most streams one session, and one user, may hold open on this instance (EVENT_STREAMS_PER_*). */
  limits: { perSession: number; perUser: number };
}

interface Stream {
  sessionId: string;
  userId: string;
  companyId: string;
  /** The equipment tags whose events the viewer receives; null for every tag of the company. */
  visibleTags: ReadonlySet<string> | null;
  /** Checks the stream again when its session would expire (sliding expiry may have moved it on). */
  expiry?: NodeJS.Timeout;
  end(): void;
  /** Ends the stream for a newer one of the same session or user, telling the browser why and to wait. */
  supersede(detail: string): void;
}

interface Verdict {
  visibleTags: ReadonlySet<string> | null;
  expiresAt: Date;
}

/** Streams by a key (session or user), oldest first. */
class StreamIndex {
  readonly #byKey = new Map<string, Set<Stream>>();
  add(key: string, stream: Stream) {
    const streams = this.#byKey.get(key) ?? new Set<Stream>();
    streams.add(stream);
    this.#byKey.set(key, streams);
  }
  delete(key: string, stream: Stream) {
    const streams = this.#byKey.get(key);
    streams?.delete(stream);
    if (streams?.size === 0) this.#byKey.delete(key);
  }
  /** The oldest stream of `key` when it holds `max` or more, else undefined. */
  oldestAtCap(key: string, max: number): Stream | undefined {
    const streams = this.#byKey.get(key);
    return streams && streams.size >= max ? streams.values().next().value : undefined;
  }
}

/** The id a reconnecting stream last saw: the browser's Last-Event-ID header, else the query's last_event_id. */
function resumeFrom(header: string | string[] | undefined, query: number | undefined): number | undefined {
  const value = Number(Array.isArray(header) ? header[0] : header);
  if (header !== undefined && Number.isSafeInteger(value) && value >= 0) return value;
  return query;
}

/** The longest delay a timer takes (about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Server-Sent Events of one company: model statuses and fault events as they happen, each only to those who see
 * its equipment (equipment-visibility.ts). A stream is authorised when it opens and again whenever sessions,
 * users, memberships or assignments change (the `sdp_auth` channel), when its session would expire, and every
 * minute: it ends when the session
 * ends (sign-out, expiry, password change), the user is deactivated or the membership ends; a new role re-filters it.
 *
 * One session holds at most `limits.perSession` streams and one user `limits.perUser` on this instance (issue 23
 * item 5): a new stream past either closes the oldest of that session or user, which is told so (`superseded`) and
 * reconnects only after a minute. A person's newest tab is the one in front of them; refusing it instead (429) would
 * leave it without live updates for good, as EventSource does not retry a refused stream.
 */
export const eventsRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { bus, sessions, visibility, log, limits } = options;
  const open = new Set<Stream>();
  const bySession = new StreamIndex();
  const byUser = new StreamIndex();

  /** What a session may still see of a company: null when it may no longer open it. */
  async function verdict(sessionId: string, companyId: string): Promise<Verdict | null> {
    const session = await sessions.findLive(sessionId);
    const grant =
      session && session.status !== 'inactive' ? await companyGrant(sessions, session, companyId) : null;
    if (!session || !grant?.permissions.has('ViewCompany')) return null;
    const visibleTags = await visibility.visibleTags(session.userId, companyId, grant.permissions);
    return { visibleTags, expiresAt: session.expiresAt };
  }

  /**
   * Ends the stream unless its session may still open the company; refreshes which equipment it sees. Within one
   * pass (`verdicts`), the streams of one session and company share one check.
   */
  async function reauthorise(stream: Stream, verdicts?: Map<string, Promise<Verdict | null>>) {
    const key = `${stream.sessionId}/${stream.companyId}`;
    const pending = verdicts?.get(key) ?? verdict(stream.sessionId, stream.companyId);
    verdicts?.set(key, pending);
    const found = await pending;
    if (!found) {
      stream.end();
      return;
    }
    stream.visibleTags = found.visibleTags;
    watchExpiry(stream, found.expiresAt);
  }

  function watchExpiry(stream: Stream, expiresAt: Date) {
    clearTimeout(stream.expiry);
    const delay = Math.min(MAX_DELAY, Math.max(0, expiresAt.getTime() - Date.now() + 50));
    stream.expiry = setTimeout(() => {
      reauthorise(stream).catch(() => stream.end());
    }, delay);
    stream.expiry.unref();
  }

  /**
   * Every open stream authorised again, REAUTHORISE_BATCH at a time, yielding to the event loop between batches: at
   * 5,000 streams one profile edit made other users wait 3-10 s while all of them were checked at once (issue 23
   * item 5). One pass at a time; notifications heard during a pass ask for one more pass after it.
   */
  async function reauthoriseEvery() {
    const streams = [...open];
    const verdicts = new Map<string, Promise<Verdict | null>>();
    for (let start = 0; start < streams.length; start += REAUTHORISE_BATCH) {
      await Promise.all(
        streams.slice(start, start + REAUTHORISE_BATCH).map((stream) =>
          open.has(stream)
            ? reauthorise(stream, verdicts).catch((error) => {
                app.log.warn({ error }, 'event stream re-authorisation failed; ending it');
                stream.end();
              })
            : undefined,
        ),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  let running = false;
  let again = false;
  const reauthoriseAll = () => {
    if (open.size === 0) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    // Coalesces a burst of notifications into one pass, after the auth cache has dropped what changed.
    setImmediate(() => {
      void reauthoriseEvery().finally(() => {
        running = false;
        if (!again) return;
        again = false;
        reauthoriseAll();
      });
    });
  };
  const stopHearing = bus.subscribeAuth((signal) => {
    // Back from a lost connection, changes may have been missed: check everything again too.
    if (signal.kind === 'listening' || (signal.kind === 'change' && AUTH_TABLES.has(signal.payload)))
      reauthoriseAll();
  });
  const recheck = setInterval(reauthoriseAll, RECHECK_MS);
  recheck.unref();

  // Streams never finish by themselves: end them so the server can close.
  app.addHook('preClose', async () => {
    clearInterval(recheck);
    stopHearing();
    for (const stream of open) stream.end();
  });

  /** Whether the stream's viewer sees the equipment of the event (events without a model go to those who see all). */
  async function shows(stream: Stream, event: LiveEvent): Promise<boolean> {
    if (event.companyId !== stream.companyId) return false;
    if (stream.visibleTags === null) return true;
    const tagId = typeof event.modelId === 'string' ? await visibility.tagOfModel(event.modelId) : undefined;
    return tagId !== undefined && stream.visibleTags.has(tagId);
  }

  app.get(
    '/events',
    {
      config: {
        access: access.company(
          'ViewCompany',
          (request) => (request.query as { company_id?: string }).company_id,
        ),
      },
      schema: {
        tags: ['events'],
        summary:
          "Live events of a company (text/event-stream): 'model-status', 'fault-event', 'note'; each with an id, so a stream that reconnects with Last-Event-ID (or last_event_id) first gets what it missed",
        querystring: z.object({
          company_id: uuid,
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const visibleTags = await visibility.visibleTags(
        auth.userId,
        request.query.company_id,
        auth.permissions,
      );
      reply.hijack();
      const raw: ServerResponse = reply.raw;
      // A stream is long-lived by design: HTTP_IDLE_TIMEOUT_SECONDS (silence on a connection) must not cut it. The
      // heartbeat below finds a peer that is gone. (An injected request's socket has no timer to clear.)
      raw.socket?.setTimeout?.(0);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 5000\n\n');

      let ended = false;
      const stream: Stream = {
        sessionId: auth.sessionId,
        userId: auth.userId,
        companyId: request.query.company_id,
        visibleTags,
        end: () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(stream.expiry);
          unsubscribe();
          open.delete(stream);
          bySession.delete(stream.sessionId, stream);
          byUser.delete(stream.userId, stream);
          raw.end();
        },
        supersede: (detail) => {
          if (ended) return;
          raw.write(
            `retry: ${SUPERSEDED_RETRY_MS}\nevent: superseded\ndata: ${JSON.stringify({ detail })}\n\n`,
          );
          stream.end();
        },
      };
      // The caps: the oldest stream of this session, then of this user, makes room for this one.
      bySession
        .oldestAtCap(stream.sessionId, limits.perSession)
        ?.supersede(
          `Closed for a newer live event stream: one session keeps at most ${limits.perSession} open.`,
        );
      byUser
        .oldestAtCap(stream.userId, limits.perUser)
        ?.supersede(`Closed for a newer live event stream: one user keeps at most ${limits.perUser} open.`);
      open.add(stream);
      bySession.add(stream.sessionId, stream);
      byUser.add(stream.userId, stream);
      // One event at a time, in the order heard, even when finding a model's equipment waits on the database.
      // A resuming stream first gets the kept events after the id it last saw; live ones heard meanwhile wait in
      // the queue behind them, and none is sent twice.
      let lastSent = resumeFrom(request.headers['last-event-id'], request.query.last_event_id);
      const send = async (event: LiveEvent) => {
        const id = typeof event.liveId === 'number' ? event.liveId : undefined;
        if (id !== undefined && lastSent !== undefined && id <= lastSent) return;
        if (ended || !(await shows(stream, event))) return;
        raw.write(
          `${id !== undefined ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
        );
        if (id !== undefined) lastSent = id;
      };
      let queue =
        lastSent === undefined
          ? Promise.resolve()
          : log
              .since(stream.companyId, lastSent)
              .then(async (missed) => {
                for (const event of missed) await send(event);
              })
              .catch((error) => app.log.warn({ error }, 'missed live events not replayed'));
      const unsubscribe = bus.subscribe((event) => {
        queue = queue
          .then(() => send(event))
          .catch((error) => app.log.warn({ error }, 'live event not delivered'));
      });
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      watchExpiry(stream, auth.expiresAt);
      // The browser went away (or the stream was ended here): stop writing to it.
      raw.on('close', stream.end);
    },
  );
};
