import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session.tsx';

/** Which companies a list holds: the live ones, all of them, or only the deleted ones (ADMIN). */
export type DeletedFilter = 'exclude' | 'include' | 'only';

/** Query keys of the companies feature. */
export const companiesKeys = {
  all: ['companies'] as const,
  list: (deleted: DeletedFilter) => [...companiesKeys.all, 'list', deleted] as const,
};

/**
 * After a company changes: reload the lists, and the user, whose companies feed the drawer and the header
 * clock's time zone.
 */
export function useCompaniesChanged() {
  const queryClient = useQueryClient();
  const { refreshMe } = useSession();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: companiesKeys.all }), refreshMe()]);
}
