import type { MeResponse } from '@sdp/contracts';
import { permissionsFor } from '../../auth/permissions.ts';
import type { SessionsRepository } from '../../auth/sessions.repository.ts';
import { notFound, unauthorized } from '../../lib/http-error.ts';
import { toMe } from './users.mapper.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(deps: { users: UsersRepository; sessions: SessionsRepository }) {
  const { users, sessions } = deps;
  return {
    /** The language mails to the user are written in (issue 27 item 5), as chosen in the web app. */
    async setLanguage(userId: string, language: 'en' | 'th') {
      await users.setLanguage(userId, language);
    },

    /** The signed-in user with the companies they may open and their permissions in `companyId` (or the selected one). */
    async me(userId: string, selectedCompanyId: string | null, companyId?: string): Promise<MeResponse> {
      const user = await users.findWithCompanies(userId);
      if (!user) throw unauthorized();
      const { companies } = user;
      const focus = companyId ?? selectedCompanyId;
      const company = focus ? companies.find((candidate) => candidate.id === focus) : undefined;
      if (companyId && !company) throw notFound('Company not found.');
      // The platform administrator holds every permission everywhere, with or without a company selected.
      const permissions =
        company || user.platform_role === 'ADMIN'
          ? permissionsFor(user.platform_role, company?.role ?? null)
          : [];
      return toMe(user, companies, company ? company.id : null, permissions);
    },

    /** Keeps `companyId` as the session's company after checking the user may open it. */
    async selectCompany(sessionId: string, userId: string, companyId: string): Promise<MeResponse> {
      const user = await users.findById(userId);
      if (!user) throw unauthorized();
      const allowed = await sessions.companyAccess(userId, companyId);
      // Another company answers exactly as one that does not exist (issue 11: 404, not 403).
      if (!allowed || (user.platform_role !== 'ADMIN' && allowed.status !== 'active'))
        throw notFound('Company not found.');
      await sessions.selectCompany(sessionId, companyId);
      return this.me(userId, companyId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
