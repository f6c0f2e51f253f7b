import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import type { ReactNode } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';

type SectionTableProps = {
  /** Names the table for screen readers (the section's title). */
  label: string;
  /** The header row(s). */
  head: ReactNode;
  columns: number;
  /** Said across the table while it has no rows. */
  emptyMessage: string;
  isEmpty: boolean;
  children: ReactNode;
};

/** A compact table of a setting section that scrolls sideways when it is wider than the page. */
export function SectionTable({ label, head, columns, emptyMessage, isEmpty, children }: SectionTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>{head}</TableHead>
        <TableBody>
          {isEmpty ? <EmptyTableRow columns={columns} message={emptyMessage} /> : null}
          {children}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
