import type { MeResponse, MyCompany } from '@sdp/contracts';
import { createContext, useContext } from 'react';
import { isPlatformAdmin } from './permissions.ts';

/** The signed-in user, available to every page behind the sign-in guard. */
export type Session = {
  me: MeResponse;
  /** Makes a company the session's selected company and resolves with the refreshed user. */
  selectCompany: (companyId: string) => Promise<MeResponse>;
  /** Loads the user again after a change elsewhere shows in it (profile, companies). */
  refreshMe: () => Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the signed-in area.');
  return session;
}

/** A company of the user by id, or undefined when the user has no access to it. */
export function findCompany(me: MeResponse, companyId: string | null | undefined): MyCompany | undefined {
  return companyId ? me.companies.find((company) => company.id === companyId) : undefined;
}

/** Where '/' leads: administrators to the companies list, everyone else to their selected company. */
export function homePath(me: MeResponse): string {
  if (isPlatformAdmin(me)) return '/companies';
  const company = findCompany(me, me.selectedCompanyId) ?? me.companies[0];
  return company ? `/company/${company.id}` : '/companies';
}
