import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

type PagedTablePaginationProps = {
  /** The current page, from 1 (as the address keeps it). */
  page: number;
  perPage: number;
  total: number;
  sizes: readonly number[];
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
};

/** The footer of a paged table, in the interface language; pages count from 1 outside this component. */
export function PagedTablePagination({
  page,
  perPage,
  total,
  sizes,
  onPageChange,
  onPerPageChange,
}: PagedTablePaginationProps) {
  const { t } = useTranslation();
  // A page past the end (rows removed, an edited address) shows as the last page until the user moves.
  const lastPage = Math.max(0, Math.ceil(total / perPage) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page - 1, lastPage)}
      rowsPerPage={perPage}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPerPageChange(Number(event.target.value))}
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('pagination.displayed', { from, to, count })}
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
      showFirstButton
      showLastButton
    />
  );
}
