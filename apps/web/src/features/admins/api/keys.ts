import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the administrators feature. */
export const adminsKeys = {
  all: ['admins'] as const,
  list: () => [...adminsKeys.all, 'list'] as const,
};

/** After an administrator changes: reload the list. */
export function useAdminsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminsKeys.all });
}

/** What the admin calls answer on success. */
export type AdminMessage = { message: string };
