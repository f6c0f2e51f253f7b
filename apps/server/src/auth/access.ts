import { createHash } from 'node:crypto';
import type { MemberRole, Permission } from '@sdp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, notFound, unauthorized } from '../lib/http-error.ts';
import type { AuthCache } from './auth-cache.ts';
import { type EquipmentRef, seesEquipment } from './equipment-visibility.ts';
import { permissionsFor } from './permissions.ts';
import type { SessionsRepository, SessionUser } from './sessions.repository.ts';

export const SESSION_COOKIE = 'sdp_session';

type CompanyResolver = (
  request: FastifyRequest,
  session: SessionUser,
) => string | null | undefined | Promise<string | null | undefined>;

/** The equipment tag a route names (through a tag, model, offline link or waveform id); undefined means 404. */
type EquipmentResolver = (
  request: FastifyRequest,
  session: SessionUser,
) => Promise<EquipmentRef | null | undefined>;

/** What a route requires. Every route declares one; the server refuses to register a route without it. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'platformAdmin' }
  | { kind: 'company'; permission: Permission; companyId: CompanyResolver }
  /** A company route about one piece of equipment: also held to who sees which equipment (equipment-visibility.ts). */
  | { kind: 'equipment'; permission: Permission; equipment: EquipmentResolver }
  /** Machines: `Authorization: Bearer <ingest key>`; the key's company is the only one it writes to. */
  | { kind: 'ingestKey' };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  signedIn: (): Access => ({ kind: 'signedIn' }),
  platformAdmin: (): Access => ({ kind: 'platformAdmin' }),
  ingestKey: (): Access => ({ kind: 'ingestKey' }),
  /** `companyId` reads the company from the validated request (or from the entity it names); null means 404. */
  company: (permission: Permission, companyId: CompanyResolver): Access => ({
    kind: 'company',
    permission,
    companyId,
  }),
  /** `equipment` reads the equipment tag behind the entity the request names; unseen equipment answers 404. */
  equipment: (permission: Permission, equipment: EquipmentResolver): Access => ({
    kind: 'equipment',
    permission,
    equipment,
  }),
};

export interface AuthContext extends SessionUser {
  companyId: string | null;
  companyRole: MemberRole | null;
  permissions: ReadonlySet<Permission>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    ingestKey: IngestKeyContext | null;
  }
}

export interface IngestKeyContext {
  keyId: string;
  companyId: string;
}

export interface RegisteredRoute {
  method: string | string[];
  url: string;
  access: Access | undefined;
}

interface Options {
  sessions: SessionsRepository;
  /** Emptied before the answer to any request that may have written leaves, so the next request reads anew. */
  authCache?: AuthCache;
  /** Resolves a presented ingest key (its SHA-256) to its company; undefined when unknown or revoked. */
  verifyIngestKey?: (keyHash: string) => Promise<{ id: string; company_id: string } | undefined>;
  sessionTtlMinutes: number;
  /** The absolute session lifetime (SESSION_MAX_HOURS): sliding never carries a session past it. */
  sessionMaxHours: number;
  routes: RegisteredRoute[];
}

/** Loads the session behind the cookie and holds every route to the access rule it declares. */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    { sessions, authCache, sessionTtlMinutes, sessionMaxHours, routes, verifyIngestKey }: Options,
  ) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('ingestKey', null);

    if (authCache) {
      // Writes by other processes arrive through NOTIFY; this process's own must be seen by the very next request.
      // Machines writing measurements (ingest keys) change nothing the cache holds.
      app.addHook('onSend', async (request, _reply, payload) => {
        const reads = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
        if (!reads && request.routeOptions.config?.access?.kind !== 'ingestKey') authCache.invalidate();
        return payload;
      });
    }

    app.addHook('onRoute', (route) => {
      const declared = route.config?.access;
      routes.push({ method: route.method, url: route.url, access: declared });
      if (!declared && !route.url.startsWith('/api/docs')) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      }
    });

    // Ingest keys are checked from the header alone, before a byte of the body is read, inflated or parsed: a
    // request without a valid key is answered 401 at once and never takes an ingestion turn (issue 23 items 2, 3).
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config?.access?.kind !== 'ingestKey') return;
      const token = bearerToken(request.headers.authorization);
      const key = token && verifyIngestKey ? await verifyIngestKey(hashToken(token)) : undefined;
      if (!key) {
        // The unread body is not drained: the connection ends with the answer.
        reply.header('connection', 'close');
        throw unauthorized('A valid ingest key is required: Authorization: Bearer <key>.');
      }
      request.ingestKey = { keyId: key.id, companyId: key.company_id };
    });

    app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
      const rule = request.routeOptions.config.access;
      if (!rule || rule.kind === 'public') return;
      if (rule.kind === 'ingestKey') {
        if (!request.ingestKey)
          throw unauthorized('A valid ingest key is required: Authorization: Bearer <key>.');
        return;
      }

      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await sessions.findLive(hashToken(token)) : undefined;
      if (!session || session.status === 'inactive') throw unauthorized();
      sessions
        .keepAlive(session, sessionTtlMinutes, sessionMaxHours)
        ?.catch((error) => request.log.warn({ error }, 'session touch failed'));

      let companyId: string | null = null;
      let companyRole: MemberRole | null = null;
      let permissions: ReadonlySet<Permission> = new Set(permissionsFor(session.platformRole, null));
      if (rule.kind === 'platformAdmin' && session.platformRole !== 'ADMIN') throw forbidden();
      if (rule.kind === 'company' || rule.kind === 'equipment') {
        const equipment = rule.kind === 'equipment' ? await rule.equipment(request, session) : null;
        const resolved =
          rule.kind === 'equipment' ? equipment?.companyId : await rule.companyId(request, session);
        // Another company's ids, and equipment the caller does not see, answer exactly as ids that do not exist.
        const granted = resolved ? await companyGrant(sessions, session, resolved) : null;
        if (!resolved || !granted) throw notFound();
        if (equipment && !seesEquipment(granted.permissions, equipment)) throw notFound();
        if (!granted.permissions.has(rule.permission)) throw forbidden();
        companyId = resolved;
        ({ companyRole, permissions } = granted);
      }
      request.auth = { ...session, companyId, companyRole, permissions };
    });
  },
);

/** The token of an `Authorization: Bearer <token>` header; the scheme is case-insensitive (RFC 9110 §11.1). */
export function bearerToken(header: string | undefined): string {
  return /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? '';
}

/**
 * The role and permissions of a signed-in user in a company, or null when they may not open it: the company does
 * not exist, or they are not an active member of it (the platform ADMIN opens every company). Asked by every
 * company route, and again by open event streams whenever sessions or memberships change (events.routes.ts).
 */
export async function companyGrant(
  sessions: SessionsRepository,
  session: SessionUser,
  companyId: string,
): Promise<{ companyRole: MemberRole | null; permissions: ReadonlySet<Permission> } | null> {
  const membership = await sessions.companyAccess(session.userId, companyId);
  if (!membership) return null;
  const companyRole = membership.status === 'active' ? membership.role : null;
  if (session.platformRole !== 'ADMIN' && !companyRole) return null;
  return { companyRole, permissions: new Set(permissionsFor(session.platformRole, companyRole)) };
}

/** Sessions are stored by the SHA-256 of the cookie value, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The signed-in user of a route whose rule is not public (the preHandler guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
