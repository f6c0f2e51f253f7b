import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/** Page sizes of spec 03 §9: 5, 10, 15 and All (-1). */
export const RVS_PAGE_SIZES = [5, 10, 15, -1] as const;

/** Rows of a page; All (-1) is every row. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): readonly T[] {
  return perPage < 0 ? rows : rows.slice(page * perPage, (page + 1) * perPage);
}

/** The 'Entries per page' pager of the RVS tables. */
export function RvsTablePager({
  total,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={perPage < 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / perPage) - 1))}
      rowsPerPage={perPage}
      rowsPerPageOptions={RVS_PAGE_SIZES.map((size) =>
        size < 0 ? { label: t('rvs.all'), value: -1 } : size,
      )}
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={(event) => {
        onPerPage(Number(event.target.value));
        onPage(0);
      }}
      labelRowsPerPage={t('rvs.entriesPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('pagination.displayed', { from, to, count })}
    />
  );
}
