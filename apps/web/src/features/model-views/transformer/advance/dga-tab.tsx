import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, formatChartTime, rangeInstants } from '../../../../components/charts/chart-logic.ts';
import { DateRangeFields } from '../../../../components/charts/date-range-fields.tsx';
import type { DuvalPoint } from '../../../../components/charts/duval-logic.ts';
import { DuvalTriangleChart } from '../../../../components/charts/duval-triangle-chart.tsx';
import { describeError } from '../../../../lib/errors.ts';
import { calendarDateIn } from '../../../../lib/time.ts';
import { useDgaDetail } from '../../api/get-dga-detail.ts';
import { type DgaSensorType, useDgaRaw } from '../../api/get-dga-raw.ts';
import { DgaCalculator } from './dga-calculator.tsx';
import { DGA_HISTORY_DAYS, samplePoint } from './dga-logic.ts';

/**
 * Advance analysis 9, DGA triangle (spec 02 §2.6): Duval Triangle 1 of the main tank or the OLTC with its zones,
 * the samples of the chosen days as points (latest highlighted, the latest zone said in words) and the manual
 * calculator, whose point is drawn on the same triangle.
 */
export function DgaTab({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const [sensorType, setSensorType] = useState<DgaSensorType>('main_tank');
  const [range, setRange] = useState<DateRange>(() => {
    const today = calendarDateIn(new Date(), timeZone);
    return {
      from: dayjs(today)
        .subtract(DGA_HISTORY_DAYS - 1, 'day')
        .format('YYYY-MM-DD'),
      to: today,
    };
  });
  const [reloads, setReloads] = useState(0);
  const [calculated, setCalculated] = useState<DuvalPoint | null>(null);
  const detail = useDgaDetail();
  const instants = rangeInstants(range, timeZone);
  const raw = useDgaRaw(modelId, instants ? { sensorType, ...instants, reloads } : undefined);
  const history = useMemo(() => (raw.data ?? []).map(samplePoint), [raw.data]);
  const latest = raw.data?.at(-1);
  const failed = detail.error ?? raw.error;
  const description = (zone: string | null) =>
    detail.data?.zones.find((one) => one.zone === zone)?.description ?? t('duvalChart.noZone');
  const title = t('txAnalysis.dga.title', {
    tank: sensorType === 'main_tank' ? t('txAnalysis.dga.mainTank') : t('txAnalysis.dga.oltc'),
  });

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}
        component="section"
        aria-label={title}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={sensorType}
            onChange={(_, next: DgaSensorType | null) => {
              if (!next) return;
              setSensorType(next);
              setCalculated(null);
            }}
            aria-label={t('txAnalysis.dga.sensorType')}
          >
            <ToggleButton value="main_tank">{t('txAnalysis.dga.mainTank')}</ToggleButton>
            <ToggleButton value="oltc">{t('txAnalysis.dga.oltc')}</ToggleButton>
          </ToggleButtonGroup>
          <DateRangeFields range={range} onChange={setRange} />
          <Button
            size="small"
            startIcon={<RefreshOutlined />}
            onClick={() => setReloads((n) => n + 1)}
            disabled={raw.isFetching}
          >
            {t('charts.reload')}
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ mb: 1 }} role="status" aria-label={t('txAnalysis.dga.latest')}>
          {latest
            ? t('txAnalysis.dga.latestSample', {
                time: formatChartTime(Date.parse(latest.timeStamp), timeZone, 'DD/MM/YYYY HH:mm'),
                zone: latest.zone ?? '—',
                description: description(latest.zone),
                count: raw.data?.length ?? 0,
              })
            : raw.isPending
              ? ' '
              : t('txAnalysis.dga.noSamples')}
        </Typography>
        <Box>
          <DuvalTriangleChart
            title={title}
            timeZone={timeZone}
            zones={detail.data?.zones}
            history={history}
            calculated={calculated}
            loading={detail.isPending || (raw.isPending && instants !== undefined)}
            error={failed ? describeError(failed, t) : undefined}
            onRetry={() => {
              void detail.refetch();
              void raw.refetch();
            }}
          />
        </Box>
      </Paper>
      <Box sx={{ width: { xs: '100%', lg: 360 }, flexShrink: 0 }}>
        <DgaCalculator
          key={sensorType}
          modelId={modelId}
          sensorType={sensorType}
          timeZone={timeZone}
          onCalculated={setCalculated}
        />
      </Box>
    </Stack>
  );
}
