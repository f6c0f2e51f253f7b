import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@sdp/contracts';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import type { AuditRepository } from '../modules/audit/audit.repository.ts';
import type { UsersRepository } from '../modules/users/users.repository.ts';
import type { UsersService } from '../modules/users/users.service.ts';
import { hashToken } from './access.ts';
import { verifyDecoy, verifyPassword } from './passwords.ts';
import type { SessionsRepository } from './sessions.repository.ts';

interface Deps {
  users: UsersRepository;
  usersService: UsersService;
  sessions: SessionsRepository;
  audit: AuditRepository;
  sessionTtlMinutes: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
}

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const NO_COMPANY = 'Your account has no active company. Ask your company owner for an invitation.';

export function createAuthService(deps: Deps) {
  const { users, usersService, sessions, audit } = deps;

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
    });
    await users.recordSuccessfulLogin(user.id);
    await audit.record({ userId: user.id, action: 'sign-in', entity: 'session' });
    const me = await usersService.me(user.id, selected);
    return { token, user: me, redirectTo: isAdmin ? '/companies' : `/company/${selected}` };
  }

  return {
    openSession,

    async loginWithPassword(email: string, password: string) {
      const user = await users.findByEmail(email);
      if (user?.locked_until && user.locked_until.getTime() > Date.now()) {
        const minutes = Math.ceil((user.locked_until.getTime() - Date.now()) / 60_000);
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      if (!user?.password_hash) {
        await verifyDecoy(password);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(password, user.password_hash))) {
        await users.recordFailedLogin(user.id, deps.loginMaxFailures, deps.loginLockMinutes);
        throw unauthorized(INVALID_CREDENTIALS);
      }
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
