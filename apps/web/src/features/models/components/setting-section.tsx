import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

type SettingSectionProps = {
  title: string;
  /** A line under the title saying what the section does. */
  description?: ReactNode;
  /** Buttons at the end of the title row ('Add sensor'). */
  actions?: ReactNode;
  children: ReactNode;
};

/** One section of the model setting form: a titled region, so it can be found by its name. */
export function SettingSection({ title, description, actions, children }: SettingSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {description ? (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}
