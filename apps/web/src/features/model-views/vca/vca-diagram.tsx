import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VcaDiagram as VcaDiagramData } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { GaugeChart } from '../../../components/charts/gauge-chart.tsx';
import { quantityText } from '../../../components/charts/indicator-logic.ts';
import { StatusDot } from '../../../components/status-dot.tsx';
import { describeError } from '../../../lib/errors.ts';
import {
  type ModelStatusKind,
  modelStatusColors,
  modelStatusInk,
  modelStatusKind,
  modelStatusTextColors,
} from '../../../lib/model-status.ts';
import { useVcaDiagram } from '../api/get-vca-diagram.ts';

/** The status legend of spec 02 §2.5 with each kind's code (spec 02 §4). */
const LEGEND: readonly (readonly [ModelStatusKind, number])[] = [
  ['disabled', -2],
  ['offline', -1],
  ['normal', 0],
  ['warning', 1],
  ['alarm', 2],
];

/** Parts of the drive the diagram shows (the server's `items` besides overall_status). */
type VcaPartCode =
  | 'dc_link_capacitor'
  | 'cooling_fan'
  | 'rul'
  | 'environment'
  | 'stress'
  | 'power_unit'
  | 'temperature';

/** A part of the drive in its status colour. */
function PartTile({ label, status }: { label: string; status: number }) {
  const { t } = useTranslation();
  const kind = modelStatusKind(status);
  return (
    <Box
      data-part-status={status}
      sx={{
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: modelStatusColors[kind],
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="caption" sx={{ color: modelStatusTextColors[kind], fontWeight: 700 }}>
        {t(`modelStatus.${kind}`)}
      </Typography>
    </Box>
  );
}

/**
 * VCA diagram (spec 02 §2.5): the status legend, the overall health card, a tile per part of the drive, the Percent
 * of Load gauge and the VSD Status card with each reading against its limits.
 */
export function VcaDiagram({ modelId }: { modelId: string }) {
  const { t } = useTranslation();
  const diagram = useVcaDiagram(modelId);
  if (diagram.isPending) return <Skeleton variant="rounded" height={320} />;
  if (diagram.isError)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }} role="alert">
        <Typography color="error">{describeError(diagram.error, t)}</Typography>
        <Button onClick={() => void diagram.refetch()}>{t('common.retry')}</Button>
      </Stack>
    );
  return <VcaDiagramBody data={diagram.data} />;
}

function VcaDiagramBody({ data }: { data: VcaDiagramData }) {
  const { t } = useTranslation();
  const overall = data.items.find((item) => item.tagCode === 'overall_status');
  const parts = data.items.filter((item) => item.tagCode !== 'overall_status');
  const overallKind = modelStatusKind(data.overallStatus);
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        component="ul"
        aria-label={t('vcaEvs.legend')}
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}
      >
        {LEGEND.map(([kind, code]) => (
          <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <StatusDot status={code} decorative />
            <Typography variant="body2">{t(`modelStatus.${kind}`)}</Typography>
          </Box>
        ))}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // minmax(0, …): a column never grows past the page to fit its widest content (a gauge, a long label).
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1.2fr)',
          },
        }}
      >
        <Stack spacing={1}>
          <Paper
            variant="outlined"
            aria-label={t('vcaEvs.healthStatus')}
            sx={{ p: 2, bgcolor: modelStatusColors[overallKind], color: modelStatusInk(overallKind) }}
          >
            <Typography variant="body2">{t('vcaEvs.healthStatus')}</Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontWeight: 700 }}
              data-overall-status={data.overallStatus}
            >
              {t(`modelStatus.${overallKind}`)}
            </Typography>
            {overall?.timestamp ? null : <Typography variant="caption">{t('vcaEvs.noDataYet')}</Typography>}
          </Paper>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            {parts.map((part) => (
              <PartTile
                key={part.tagCode}
                label={t(`vcaEvs.parts.${part.tagCode as VcaPartCode}`)}
                status={part.status}
              />
            ))}
          </Box>
        </Stack>
        <Paper
          variant="outlined"
          sx={{ p: 2, textAlign: 'center' }}
          component="section"
          aria-label={t('vcaEvs.percentLoad')}
        >
          <Typography variant="subtitle2" component="p">
            {t('vcaEvs.percentLoad')}
          </Typography>
          <GaugeChart
            item={{
              name: t('vcaEvs.percentLoad'),
              value: data.percentLoad.value,
              unit: data.percentLoad.unit,
              warning: data.percentLoad.warning,
              alarm: data.percentLoad.alarm,
              status: data.percentLoad.status,
            }}
            height={220}
          />
          <Typography variant="h6" component="p">
            {quantityText(data.percentLoad.value, data.percentLoad.unit, data.percentLoad.status)}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('vcaEvs.vsdStatus')}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {t('vcaEvs.vsdStatus')}
          </Typography>
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.vsd.map((row) => (
              <Box
                component="li"
                key={row.tagCode}
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto', gap: 1, alignItems: 'center' }}
              >
                <StatusDot status={row.status} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2">{row.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('vcaEvs.limits', {
                      warning: row.warning ?? '–',
                      alarm: row.alarm ?? '–',
                      unit: row.unit,
                    })}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {quantityText(row.value, row.unit, row.status)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Paper>
      </Box>
    </Stack>
  );
}
