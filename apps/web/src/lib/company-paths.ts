/** The query parameter that carries a company's title to its members page, for a company not in the session. */
export const MEMBERS_TITLE_PARAM = 'title';

/** The members page of a company, with its title along for the page's subtitle. */
export function companyMembersPath(company: { id: string; title: string }): string {
  return `/company/${company.id}/members?${new URLSearchParams({ [MEMBERS_TITLE_PARAM]: company.title })}`;
}
