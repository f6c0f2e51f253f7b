import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@sdp/contracts';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import { hashToken } from './access.ts';
import {
  accountKey,
  addressKey,
  type LoginThrottleRepository,
  type ThrottleRule,
} from './login-throttle.repository.ts';
import { verifyDecoy, verifyPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';

/**
 * What signing in needs of the people who may sign in. auth/ imports no module: modules/users implements these
 * and app.ts passes them in.
 */
export interface SignInUsers {
  findWithCompanies(
    id: string,
  ): Promise<
    { id: string; status: string; platform_role: string | null; companies: { id: string }[] } | undefined
  >;
  findByEmail(email: string): Promise<{ id: string; password_hash: string | null } | undefined>;
  recordSuccessfulLogin(id: string): Promise<void>;
}

/** The signed-in user's profile as the sign-in answer carries it (modules/users). */
export interface SignInProfiles {
  me(userId: string, selectedCompanyId: string | null): Promise<LoginResponse['user']>;
}

/** Where sign-in and sign-out are recorded (modules/audit). */
export interface SignInAudit {
  record(entry: { userId: string | null; action: string; entity: string }): Promise<void>;
}

interface Deps {
  users: SignInUsers;
  usersService: SignInProfiles;
  sessions: SessionsRepository;
  audit: SignInAudit;
  throttle: LoginThrottleRepository;
  sessionTtlMinutes: number;
  sessionMaxHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginIpMaxFailures: number;
}

export const INVALID_CREDENTIALS = 'Invalid email or password.';
/** A refused attempt that must wait; `retryAfterSeconds` goes into the Retry-After header. */
export class TooManyAttempts extends HttpError {
  readonly retryAfterSeconds: number;
  /** `what`: the attempts refused, as the detail names them ('sign-in attempts', 'invitation attempts'). */
  constructor(retryAt: Date, what = 'sign-in attempts') {
    const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    super(
      429,
      `Too many failed ${what}. Try again in ${
        seconds < 60
          ? `${seconds} second${seconds === 1 ? '' : 's'}`
          : `${minutes} minute${minutes === 1 ? '' : 's'}`
      }.`,
    );
    this.retryAfterSeconds = seconds;
  }
}

export const NO_COMPANY = 'Your account has no active company. Ask your company owner for an invitation.';

export function createAuthService(deps: Deps) {
  const { users, usersService, sessions, audit, throttle } = deps;
  const accountRule: ThrottleRule = {
    allowance: deps.loginMaxFailures,
    maxDelaySeconds: deps.loginLockMinutes * 60,
  };
  const addressRule: ThrottleRule = {
    allowance: deps.loginIpMaxFailures,
    maxDelaySeconds: deps.loginLockMinutes * 60,
  };

  /** Opens a session for a user who has proved who they are; answers where the browser should go first. */
  async function openSession(
    userId: string,
    idToken: string | null,
  ): Promise<{ token: string } & LoginResponse> {
    const user = await users.findWithCompanies(userId);
    if (!user) throw unauthorized();
    if (user.status === 'inactive') throw forbidden('Your account is inactive.');
    const isAdmin = user.platform_role === 'ADMIN';
    const { companies } = user;
    // Spec 01 §2: ADMIN goes to Companies; everybody else to their first company, kept for the session.
    const first = companies[0];
    if (!isAdmin && !first) throw forbidden(NO_COMPANY);
    const selected = isAdmin ? null : (first?.id ?? null);
    const token = randomBytes(32).toString('base64url');
    await sessions.create({
      id: hashToken(token),
      userId: user.id,
      selectedCompanyId: selected,
      idToken,
      ttlMinutes: deps.sessionTtlMinutes,
      maxHours: deps.sessionMaxHours,
    });
    await users.recordSuccessfulLogin(user.id);
    await audit.record({ userId: user.id, action: 'sign-in', entity: 'session' });
    const me = await usersService.me(user.id, selected);
    return { token, user: me, redirectTo: isAdmin ? '/companies' : `/company/${selected}` };
  }

  return {
    openSession,

    /**
     * Every attempt is counted against the e-mail (known or not: the answers and delays are the same) and the
     * caller's address before any password is checked; an attempt that must wait is refused unchecked (429).
     */
    async loginWithPassword(email: string, password: string, ip: string) {
      const address = addressKey(ip);
      const account = accountKey(email);
      const addressWait = await throttle.reserve(address, addressRule);
      if (addressWait) throw new TooManyAttempts(addressWait.retryAt);
      const accountWait = await throttle.reserve(account, accountRule);
      if (accountWait) {
        await throttle.giveBack(address, addressRule);
        throw new TooManyAttempts(accountWait.retryAt);
      }
      if (Math.random() < 0.01) void throttle.deleteStale().catch(() => undefined);

      const user = await users.findByEmail(email);
      const verified = user?.password_hash
        ? await verifyPassword(password, user.password_hash)
        : await verifyDecoy(password).then(() => false);
      if (!user || !verified) throw unauthorized(INVALID_CREDENTIALS);
      await throttle.clear(account);
      await throttle.giveBack(address, addressRule);
      return openSession(user.id, null);
    },

    async logout(token: string | undefined) {
      if (!token) return null;
      const id = hashToken(token);
      const session = await sessions.findLive(id);
      await sessions.delete(id);
      if (session) await audit.record({ userId: session.userId, action: 'sign-out', entity: 'session' });
      return session ?? null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
