import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { modelStatusColors, modelStatusKind } from '../lib/model-status.ts';

type StatusDotProps = {
  status: number;
  size?: number;
  /** Hidden from screen readers when the surrounding text already says the status. */
  decorative?: boolean;
};

/** A coloured dot for a model, equipment or folder status, named for screen readers ('Warning'). */
export function StatusDot({ status, size = 10, decorative = false }: StatusDotProps) {
  const { t } = useTranslation();
  const kind = modelStatusKind(status);
  const name = t(`modelStatus.${kind}`);
  return (
    <Box
      component="span"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      title={name}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        boxSizing: 'border-box',
        bgcolor: kind === 'disabled' ? 'transparent' : modelStatusColors[kind],
        border: kind === 'disabled' ? `2px solid ${modelStatusColors.disabled}` : 'none',
      }}
    />
  );
}
