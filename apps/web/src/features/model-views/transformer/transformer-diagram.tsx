import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { statusColor, statusTextColor } from '../../../components/charts/chart-logic.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { modelStatusKind } from '../../../lib/model-status.ts';
import { useTrSummary } from '../api/get-tr-summary.ts';
import { badgeStatuses } from './diagram-badges.ts';
import { FanIcon } from './panels/fan-icon.tsx';

/**
 * Overall Status, Diagram tab of a transformer (spec 02 §2.4): a picture with the badges Cw, D, I, J, F, Co, G, E, H
 * coloured by the status of their parts, the Health Status card and the cooling (fan) card.
 */
export function TransformerDiagram({ modelId }: { modelId: string }) {
  const { t } = useTranslation();
  const summary = useTrSummary(modelId);
  if (!summary.data)
    return summary.isPending ? null : (
      <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
        {t('charts.noData')}
      </Typography>
    );
  const diagram = summary.data.tr_diagram_status;
  const statusName = (status: number) => t(`modelStatus.${modelStatusKind(status)}`);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <svg viewBox="0 0 400 260" aria-hidden style={{ width: '100%', maxHeight: 300 }}>
          {/* Conservator, tank, bushings, radiator and OLTC compartment. */}
          <rect x="200" y="20" width="120" height="26" rx="13" fill="#e3e7ed" stroke="#8a8f98" />
          <rect x="90" y="70" width="200" height="160" rx="6" fill="#eef1f5" stroke="#8a8f98" />
          {[120, 160, 200].map((x) => (
            <rect key={x} x={x} y="40" width="10" height="30" fill="#c4c8ce" stroke="#8a8f98" />
          ))}
          {[20, 32, 44, 56, 68].map((x) => (
            <rect key={x} x={x} y="90" width="8" height="110" fill="#dde2e8" stroke="#8a8f98" />
          ))}
          <rect x="300" y="90" width="60" height="100" rx="4" fill="#e3e7ed" stroke="#8a8f98" />
          {badgeStatuses(diagram).map(({ badge, status }) => (
            <g key={badge.key}>
              <title>{`${badge.label}: ${statusName(status)}`}</title>
              <circle
                cx={badge.x}
                cy={badge.y}
                r="15"
                fill={statusColor(status)}
                stroke="#fff"
                strokeWidth="2"
              />
              <text
                x={badge.x}
                y={badge.y + 4}
                textAnchor="middle"
                fontSize="12"
                fontWeight="700"
                fill="#fff"
              >
                {badge.label}
              </text>
            </g>
          ))}
        </svg>
        <Box component="ul" sx={visuallyHidden} aria-label={t('modelView.diagram')}>
          {badgeStatuses(diagram).map(({ badge, status }) => (
            <li key={badge.key}>{`${badge.label}: ${statusName(status)}`}</li>
          ))}
        </Box>
      </Box>
      <Stack spacing={2} sx={{ width: { md: 220 } }}>
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('modelView.healthStatus')} component="section">
          <Typography variant="subtitle2" component="p">
            {t('modelView.healthStatus')}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            sx={{ color: statusTextColor(diagram.summaryHealthStatus), fontWeight: 700 }}
          >
            {statusName(diagram.summaryHealthStatus)}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('modelView.cooling')} component="section">
          <Typography variant="subtitle2" component="p">
            {t('modelView.cooling')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FanIcon status={diagram.g} label={t('modelView.cooling')} size={36} />
            <Typography>{statusName(diagram.g)}</Typography>
          </Stack>
        </Paper>
      </Stack>
    </Stack>
  );
}
