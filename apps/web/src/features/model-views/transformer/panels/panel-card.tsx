import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statusColor, statusTextColor } from '../../../../components/charts/chart-logic.ts';
import { quantityText } from '../../../../components/charts/indicator-logic.ts';
import { modelStatusKind } from '../../../../lib/model-status.ts';
import type { PanelItem, PanelKey } from './panel-logic.ts';

/** A status dot of spec 02 §9 colours, named for screen readers. */
export function StatusDot({ status, size = 12 }: { status: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      role="img"
      aria-label={t(`modelStatus.${modelStatusKind(status)}`)}
      title={t(`modelStatus.${modelStatusKind(status)}`)}
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: statusColor(status),
      }}
    />
  );
}

/** One panel of the transformer detail: its letter and name (spec 02 §2.4), the worst status, the content. */
export function PanelCard({
  panel,
  status,
  children,
}: {
  panel: PanelKey;
  status: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = `${panel.toUpperCase()} · ${t(`txPanels.names.${panel}`)}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-panel={panel}
      sx={{ p: 1.5, height: '100%', minWidth: 0, borderTop: 3, borderTopColor: statusColor(status) }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        <StatusDot status={status} />
      </Stack>
      {children}
    </Paper>
  );
}

/** A row: status dot, label, value with unit (a dash for no data or a negative status). */
export function StatusRow({ item, label }: { item: PanelItem; label?: string }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { border: 0 },
      }}
      data-tag={item.tagCode}
    >
      <StatusDot status={item.status} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {label ?? item.name}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: statusTextColor(item.status) }}
      >
        {quantityText(item.value, item.unit, item.status)}
      </Typography>
    </Stack>
  );
}

/** 'No data' inside a panel whose group has no item. */
export function PanelEmpty() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {t('charts.noData')}
    </Typography>
  );
}
