import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the members feature. */
export const membersKeys = {
  all: ['members'] as const,
  company: (companyId: string) => [...membersKeys.all, companyId] as const,
  page: (companyId: string, page: number, perPage: number) =>
    [...membersKeys.company(companyId), 'page', { page, perPage }] as const,
};

/** After a member changes: reload every page of that company's members. */
export function useMembersChanged() {
  const queryClient = useQueryClient();
  return (companyId: string) => queryClient.invalidateQueries({ queryKey: membersKeys.company(companyId) });
}

/** Whom a /member/* call is about: a member by e-mail, in a company. */
export type MemberRef = { email: string; company_id: string };
