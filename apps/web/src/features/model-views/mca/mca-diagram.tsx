import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { McaDiagramStatus } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { formatChartTime, STATUS_COLORS, statusTextColor } from '../../../components/charts/chart-logic.ts';
import { useMcaDiagramStatus } from './api/get-mca-diagram-status.ts';

type Part = Exclude<keyof McaDiagramStatus, 'overAllStatus' | 'lastCaptureAt'>;

/** Badges of the MCA diagram (spec 02 §2.5) and where each sits on the motor drawing (viewBox 0 0 480 250). */
const BADGES: readonly { part: Part; x: number; y: number }[] = [
  { part: 'powerQualityStatus', x: 8, y: 14 },
  { part: 'terminalBoxStatus', x: 165, y: 14 },
  { part: 'statorStatus', x: 325, y: 14 },
  { part: 'rotorStatus', x: 178, y: 112 },
  { part: 'airgapStatus', x: 178, y: 150 },
  { part: 'bearingStatus', x: 8, y: 196 },
  { part: 'mechanicalFailureStatus', x: 318, y: 196 },
  { part: 'groundFaultStatus', x: 178, y: 216 },
];
const BADGE_WIDTH = 150;

/** Spec 02 §4: the MCA diagram shows 3 (and a missing status) as offline grey. */
export function mcaStatusColor(status: number): string {
  return status in STATUS_COLORS ? STATUS_COLORS[status as -1 | 0 | 1 | 2] : STATUS_COLORS[-1];
}

function statusKey(status: number): '-1' | '0' | '1' | '2' {
  return status === 0 ? '0' : status === 1 ? '1' : status === 2 ? '2' : '-1';
}

/**
 * The MCA diagram (spec 02 §2.5): a motor with Ground Fault, Power Quality, Bearing, Rotor, Terminal, Airgap,
 * Mechanical Failure and Stator badges coloured by the analysis of its currents, and the overall Health Status.
 */
export function McaDiagram({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const status = useMcaDiagramStatus(modelId);
  if (status.isError)
    return (
      <Stack role="alert" direction="row" spacing={2} sx={{ alignItems: 'center', p: 2 }}>
        <Typography color="error">{t('mca.diagramFailed')}</Typography>
        <Button size="small" onClick={() => void status.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  const data = status.data;
  const overall = data?.overAllStatus ?? 3;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box
          component="svg"
          viewBox="0 0 480 250"
          role="img"
          aria-label={t('mca.diagramLabel')}
          sx={{ width: '100%', maxWidth: 640, display: 'block', mx: 'auto' }}
        >
          {/* Motor: frame with cooling fins, terminal box, shaft and feet. */}
          <rect
            x="120"
            y="60"
            width="240"
            height="130"
            rx="18"
            fill="#ECEFF1"
            stroke="#607D8B"
            strokeWidth="2"
          />
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <line
              key={i}
              x1={140 + i * 32}
              y1="66"
              x2={140 + i * 32}
              y2="184"
              stroke="#B0BEC5"
              strokeWidth="2"
            />
          ))}
          <rect
            x="205"
            y="42"
            width="70"
            height="22"
            rx="4"
            fill="#CFD8DC"
            stroke="#607D8B"
            strokeWidth="2"
          />
          <rect
            x="360"
            y="113"
            width="90"
            height="24"
            rx="4"
            fill="#90A4AE"
            stroke="#607D8B"
            strokeWidth="2"
          />
          <rect
            x="96"
            y="105"
            width="24"
            height="40"
            rx="4"
            fill="#B0BEC5"
            stroke="#607D8B"
            strokeWidth="2"
          />
          <rect x="140" y="190" width="40" height="14" fill="#90A4AE" />
          <rect x="300" y="190" width="40" height="14" fill="#90A4AE" />
          <line x1="40" y1="52" x2="205" y2="52" stroke="#607D8B" strokeWidth="3" />
          {BADGES.map(({ part, x, y }) => {
            const value = data?.[part] ?? 3;
            return (
              <g key={part} data-part={part} data-status={value}>
                <rect x={x} y={y} width={BADGE_WIDTH} height="26" rx="13" fill={mcaStatusColor(value)} />
                <text
                  x={x + BADGE_WIDTH / 2}
                  y={y + 17.5}
                  textAnchor="middle"
                  fontSize="13"
                  fontWeight="600"
                  fill="#fff"
                >
                  {t(`mca.parts.${part}`)}
                  <title>{`${t(`mca.parts.${part}`)}: ${t(`charts.status.${statusKey(value)}`)}`}</title>
                </text>
              </g>
            );
          })}
        </Box>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}
        >
          {(['-1', '0', '1', '2'] as const).map((key) => (
            <Stack key={key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Box
                sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: mcaStatusColor(Number(key)) }}
              />
              <Typography variant="caption">{t(`charts.status.${key}`)}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          minWidth: 200,
          textAlign: 'center',
          borderColor: mcaStatusColor(overall),
          borderWidth: 2,
        }}
        aria-label={t('mca.healthStatus')}
        data-status={overall}
      >
        <Typography variant="subtitle2" component="p" color="text.secondary">
          {t('mca.healthStatus')}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ color: statusTextColor(overall), fontWeight: 700, my: 1 }}
        >
          {t(`charts.status.${statusKey(overall)}`)}
        </Typography>
        {/* While loading, the line for the present moment, unseen: the card is as wide as it will be and the
            diagram beside it does not move when the time comes (issue 29: layout shift). */}
        {!data || data.lastCaptureAt ? (
          <Typography
            variant="caption"
            color="text.secondary"
            aria-hidden={!data || undefined}
            sx={{ visibility: data ? undefined : 'hidden' }}
          >
            {t('mca.lastCapture', {
              at: formatChartTime(
                data?.lastCaptureAt ? Date.parse(data.lastCaptureAt) : Date.now(),
                timeZone,
                'DD MMMM YYYY, HH:mm',
              ),
            })}
          </Typography>
        ) : null}
      </Paper>
    </Stack>
  );
}
