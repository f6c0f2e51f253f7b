import { useSearchParams } from 'react-router';

/** A table page as the address keeps it: `page` from 1, `perPage` one of the table's sizes. */
export type Paging = { page: number; perPage: number };

const positiveInteger = (raw: string | null) => {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : undefined;
};

/** The page and page size in a query string, with the defaults (page 1, `defaultSize`) for missing or bad values. */
export function readPaging(search: URLSearchParams, sizes: readonly number[], defaultSize: number): Paging {
  const perPage = positiveInteger(search.get('perPage'));
  return {
    page: positiveInteger(search.get('page')) ?? 1,
    perPage: perPage !== undefined && sizes.includes(perPage) ? perPage : defaultSize,
  };
}

/** The query string with `paging` written into it; other parameters (a title, a search) stay. */
export function writePaging(search: URLSearchParams, paging: Paging): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('page', String(paging.page));
  next.set('perPage', String(paging.perPage));
  return next;
}

/**
 * Paging kept in the address, so a reload or a shared link shows the same page. A new page size starts
 * again at page 1.
 */
export function useUrlPaging(sizes: readonly number[], defaultSize: number) {
  const [search, setSearch] = useSearchParams();
  const paging = readPaging(search, sizes, defaultSize);
  return {
    ...paging,
    setPage: (page: number) => setSearch((current) => writePaging(current, { ...paging, page })),
    setPerPage: (perPage: number) => setSearch((current) => writePaging(current, { page: 1, perPage })),
  };
}
