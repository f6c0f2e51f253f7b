import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  message: string;
  children?: ReactNode;
};

/** What a page shows when it has nothing to list: a plain statement, never made-up data. */
export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 4,
        display: 'grid',
        justifyItems: 'center',
        gap: 1.5,
        color: 'text.secondary',
        textAlign: 'center',
      }}
    >
      <InboxOutlined fontSize="large" aria-hidden />
      <Typography>{message}</Typography>
      {children}
    </Paper>
  );
}
