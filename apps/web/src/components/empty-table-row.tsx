import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** The one row of a table with nothing to list, across all its columns. */
export function EmptyTableRow({ columns, message }: { columns: number; message: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} align="center" sx={{ color: 'text.secondary', py: 4 }}>
        {message}
      </TableCell>
    </TableRow>
  );
}
