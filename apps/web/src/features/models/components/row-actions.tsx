import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';

/** The button that adds a row to a section's list ('Add sensor'). */
export function AddRowButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button startIcon={<AddOutlined />} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

/** The button that removes one row, named after it ('Remove sensor EVS-01'). */
export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton aria-label={label} onClick={onClick}>
      <DeleteOutlined />
    </IconButton>
  );
}

/** The last cell of a table row that can be removed. */
export function RemoveRowCell(props: { label: string; onClick: () => void }) {
  return (
    <TableCell padding="checkbox">
      <RemoveRowButton {...props} />
    </TableCell>
  );
}
