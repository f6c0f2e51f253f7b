import type { InvitationInfo } from '@sdp/contracts';
import { hashToken } from '../../auth/access.ts';
import { TooManyAttempts } from '../../auth/auth.service.ts';
import type { LoginThrottleRepository, ThrottleRule } from '../../auth/login-throttle.repository.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { SessionsRepository } from '../../auth/sessions.repository.ts';
import type { Db } from '../../db/pool.ts';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { InvitationRow, InvitationsRepository } from './invitations.repository.ts';
import type { createMembershipRules } from './members.service.ts';

export const INVALID_LINK = 'This invitation link is not valid.';
export const EXPIRED_LINK = 'This invitation link has expired. Ask for a new invitation.';
export const USED_LINK = 'This invitation link has already been used.';
export const SIGN_IN_TO_ACCEPT =
  'This e-mail already has an account: sign in with it to accept the invitation. An invitation never changes its password.';
export const OTHER_ACCOUNT =
  'This invitation was sent to another e-mail address: sign out, then sign in with that address to accept it.';

interface Deps {
  db: Db;
  invitations: InvitationsRepository;
  users: UsersRepository;
  rules: ReturnType<typeof createMembershipRules>;
  audit: AuditRepository;
  /** Ends the user's other sessions when an invitation sets their password. */
  sessions: Pick<SessionsRepository, 'deleteOthersOf'>;
  localAccounts: boolean;
  /** The sign-in throttle's table, with the sign-in rules: per client address, and per link. */
  throttle: LoginThrottleRepository;
  throttleRules: { address: ThrottleRule; link: ThrottleRule };
}

/**
 * Invitation links: they work once, for 7 days (INVITATION_TTL_DAYS), and activate the membership they carry.
 * A new account (no password, no OpenID Connect link yet) chooses its name and password through the link; an
 * existing account accepts only by signing in as itself: an invitation never changes an account's credentials.
 */
export function createInvitationsService(deps: Deps) {
  const { db, invitations, users, rules, audit, throttle, throttleRules } = deps;

  function check(row: InvitationRow | undefined): InvitationRow {
    if (!row || row.revoked_at || row.company_deleted) throw notFound(INVALID_LINK);
    if (row.used_at) throw new HttpError(410, USED_LINK);
    if (row.expires_at.getTime() <= Date.now()) throw new HttpError(410, EXPIRED_LINK);
    return row;
  }

  async function accept(row: InvitationRow, trx: Db) {
    if (row.company_id) await rules.activate(row.company_id, row.user_id, trx);
    await users.update(row.user_id, { status: 'active' }, trx);
    await invitations.markUsed(row.id, trx);
    await audit.record(
      {
        userId: row.user_id,
        companyId: row.company_id,
        action: 'accept-invitation',
        entity: 'invitation',
        entityId: row.id,
      },
      trx,
    );
  }

  return {
    async info(token: string): Promise<InvitationInfo> {
      const row = check(await invitations.findByToken(token));
      return {
        email: row.email,
        name: row.name,
        kind: row.company_id ? 'member' : 'admin',
        companyTitle: row.company_title,
        role: row.role,
        needsPassword: deps.localAccounts && !row.has_credentials,
        existingAccount: row.has_credentials,
        expiresAt: row.expires_at.toISOString(),
      };
    },

    /**
     * Local accounts, a new account only: sets the name and password and activates, all or nothing; any session
     * of that user ends. Answers the user to sign in. An account that signs in already is refused (409).
     *
     * Throttled like a sign-in (issue 23 item 7): each attempt is counted against the caller's address (guessing
     * links) and against the link (parallel attempts on one link) before anything is checked, and refused unchecked
     * (429) past the allowance. The link is checked before the password is hashed, so an unknown, used or expired
     * link costs no hash.
     */
    async acceptWithPassword(token: string, name: string, password: string, ip: string): Promise<string> {
      if (!deps.localAccounts)
        throw new HttpError(400, 'This portal signs in through your organisation: sign in to accept.');
      const address = `invitation-ip:${ip}`;
      const link = `invitation:${hashToken(token)}`;
      const addressWait = await throttle.reserve(address, throttleRules.address);
      if (addressWait) throw new TooManyAttempts(addressWait.retryAt, 'invitation attempts');
      const linkWait = await throttle.reserve(link, throttleRules.link);
      if (linkWait) {
        await throttle.giveBack(address, throttleRules.address);
        throw new TooManyAttempts(linkWait.retryAt, 'invitation attempts');
      }
      const found = check(await invitations.findByToken(token));
      if (found.has_credentials) throw conflict(SIGN_IN_TO_ACCEPT, 'sign-in-to-accept');
      const passwordHash = await hashPassword(password);
      // Checked again under the row's lock: a parallel attempt on the same link may have used it meanwhile.
      const userId = await db.transaction().execute(async (trx) => {
        const row = check(await invitations.findByToken(token, trx, true));
        if (row.has_credentials) throw conflict(SIGN_IN_TO_ACCEPT, 'sign-in-to-accept');
        await users.update(row.user_id, { name, password_hash: passwordHash }, trx);
        await accept(row, trx);
        return row.user_id;
      });
      await throttle.clear(link);
      await throttle.giveBack(address, throttleRules.address);
      await deps.sessions.deleteOthersOf(userId, null);
      return userId;
    },

    /** An existing account accepts signed in as itself; the link of somebody else is refused (403). */
    async acceptSignedIn(token: string, userId: string) {
      await db.transaction().execute(async (trx) => {
        const row = check(await invitations.findByToken(token, trx, true));
        if (row.user_id !== userId) throw forbidden(OTHER_ACCOUNT);
        await accept(row, trx);
      });
      return { message: 'Invitation accepted' };
    },

    /** OpenID Connect: signing in is the acceptance. Invitations that would break the limit stay pending. */
    async acceptAllFor(userId: string) {
      const open = await db.transaction().execute((trx) => invitations.openFor(userId, trx));
      for (const { id } of open) {
        await db
          .transaction()
          .execute(async (trx) => accept(check(await invitations.findById(id, trx)), trx))
          .catch((error) => {
            if (!(error instanceof HttpError)) throw error;
          });
      }
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
