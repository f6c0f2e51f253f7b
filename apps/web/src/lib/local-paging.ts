import { useState } from 'react';
import type { Paging } from './url-paging.ts';

/**
 * Paging kept in the component, for a list that is not the page's own (a dialog's table, a panel's): it starts
 * at page 1 each time it is shown. A new page size starts again at page 1, as with the address's paging.
 */
export function useLocalPaging(defaultSize: number) {
  const [paging, setPaging] = useState<Paging>({ page: 1, perPage: defaultSize });
  return {
    ...paging,
    setPage: (page: number) => setPaging((current) => ({ ...current, page })),
    setPerPage: (perPage: number) => setPaging({ page: 1, perPage }),
  };
}

/** The rows of the current page of a list held whole in memory. */
export function pageRows<Row>(rows: readonly Row[], { page, perPage }: Paging): Row[] {
  return rows.slice((page - 1) * perPage, page * perPage);
}
