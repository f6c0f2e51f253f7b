import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VcaLifeTag, VcaOverallItem } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName, type StatusCode } from '../../../components/charts/chart-logic.ts';
import { PieChart } from '../../../components/charts/pie-chart.tsx';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../components/charts/use-chart-controls.ts';
import { describeError } from '../../../lib/errors.ts';
import { modelStatusColors, modelStatusKind, modelStatusTextColors } from '../../../lib/model-status.ts';
import { formatRemainingTime } from '../../../lib/remaining-time.ts';
import { useVcaLife } from '../api/get-vca-life.ts';
import { useVcaOverall } from '../api/get-vca-overall.ts';

type LifeTab = 'overview' | 'rul' | 'temperature';

const asStatus = (status: number): StatusCode => (status === 0 || status === 1 || status === 2 ? status : -1);

/** The legend text of a RUL class (spec 02 §2.7): condition and next action. */
const CONDITION_KEYS = { 0: 'normalCondition', 1: 'warningCondition', 2: 'alarmCondition' } as const;

const lifeValue = (item: VcaOverallItem, kind: 'rul_percent' | 'rul_year') =>
  item.values.find((value) => value.resultType === kind);

/** A part's card: its RUL class colour, remaining life in % and in time (years, months below a year, days below two months). */
function LifeCard({
  item,
  selected,
  onSelect,
}: {
  item: VcaOverallItem;
  selected?: boolean;
  onSelect?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const kind = modelStatusKind(item.status);
  const percent = lifeValue(item, 'rul_percent');
  const years = lifeValue(item, 'rul_year');
  const condition = item.status >= 0 && item.status <= 2 ? CONDITION_KEYS[item.status as 0 | 1 | 2] : null;
  const body = (
    <Box sx={{ p: 2 }} data-rul-tag={item.tag.tagCode} data-rul-status={item.status}>
      <Typography variant="subtitle2">{item.tag.name}</Typography>
      <Stack direction="row" spacing={3} sx={{ my: 1 }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('vcaEvs.rulPercent')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: modelStatusTextColors[kind] }}>
            {percent ? `${percent.display} %` : '–'}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('vcaEvs.rulYears')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {years ? formatRemainingTime(years.value, t) : '–'}
          </Typography>
        </Box>
      </Stack>
      <Typography variant="body2" sx={{ color: modelStatusTextColors[kind], fontWeight: 600 }}>
        {condition ? t(`vcaEvs.${condition}`) : t('modelStatus.offline')}
      </Typography>
      {condition && condition !== 'normalCondition' ? (
        <Typography variant="caption" color="text.secondary">
          {t(`vcaEvs.${condition}Action`)}
        </Typography>
      ) : null}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      sx={{
        borderLeft: 6,
        borderLeftColor: modelStatusColors[kind],
        ...(selected ? { outline: 2, outlineColor: 'primary.main' } : {}),
      }}
    >
      {onSelect ? (
        <CardActionArea onClick={onSelect} aria-pressed={selected ?? false}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Paper>
  );
}

/** The chart a RUL or Temperature card loads: the part's series over the range with its limits. */
function LifeChart({
  modelId,
  modelCode,
  kind,
  tagCode,
  timeZone,
}: {
  modelId: string;
  modelCode: string;
  kind: 'rul' | 'temperature';
  tagCode: VcaLifeTag;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const controls = useChartControls(timeZone);
  const life = useVcaLife(modelId, kind, tagCode, controls.query);
  const series = useMemo<ChartSeries[]>(() => {
    const data = life.data;
    if (!data) return [];
    return [
      {
        tag: data.tagCode,
        name: data.name,
        unit: data.unit,
        warning: data.warning,
        alarm: data.alarm,
        ...(kind === 'rul' ? { direction: 'low' as const } : {}),
        // A remaining life is judged as its card is: by its percent and by the time left (issue 26 item 8).
        ...('status' in data ? { statuses: data.status.map(asStatus) } : {}),
        points: data.timestamp.map((time, i) => [time, data.data[i] as number] as const),
      },
    ];
  }, [life.data, kind]);
  const rul = kind === 'rul' && life.data && 'rulYears' in life.data ? life.data : null;
  const lastYears = rul?.rulYears.at(-1);
  return (
    <TimeSeriesChart
      title={t(kind === 'rul' ? 'vcaEvs.rulChart' : 'vcaEvs.temperatureChart', {
        name: life.data?.name ?? tagCode,
      })}
      timeZone={timeZone}
      controls={controls}
      series={series}
      loading={controls.query !== undefined && life.data === undefined && !life.isError}
      excelFileName={excelFileName({ kind: 'tab', modelCode, tab: `${kind}_${tagCode}` })}
      error={life.isError ? describeError(life.error, t) : undefined}
      onRetry={() => void life.refetch()}
    >
      {rul && lastYears !== undefined ? (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="rul-summary">
          {t('vcaEvs.rulSummary', {
            percent: (rul.data.at(-1) ?? 0).toFixed(1),
            remaining: formatRemainingTime(lastYears, t),
            damage: (rul.mi ?? 0).toFixed(3),
            l0: rul.rating.l0Hours?.toLocaleString() ?? '–',
            t0: rul.rating.t0C ?? '–',
          })}
        </Typography>
      ) : null}
    </TimeSeriesChart>
  );
}

/**
 * VCA Remaining Life (spec 02 §2.7): Overview (a pie of parts by condition and a card per part with the legend
 * texts), RUL and Temperature (cards; a click loads that part's chart). 'Health Monitoring Type' chooses RUL or
 * Temperature, 'Sensor Type' the part.
 */
export function RemainingLife({
  modelId,
  modelCode,
  timeZone,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const overall = useVcaOverall(modelId);
  const [tab, setTab] = useState<LifeTab>('overview');
  const [tag, setTag] = useState<VcaLifeTag | null>(null);
  const items = overall.data ?? [];
  const chosen = tag ?? items[0]?.tag.tagCode ?? null;
  const slices = useMemo(
    () =>
      ([0, 1, 2] as const).map((status) => ({
        name: t(`vcaEvs.${CONDITION_KEYS[status]}`),
        value: items.filter((item) => item.status === status).length,
        color: modelStatusColors[modelStatusKind(status)],
      })),
    [items, t],
  );

  if (overall.isError)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }} role="alert">
        <Typography color="error">{describeError(overall.error, t)}</Typography>
        <Button onClick={() => void overall.refetch()}>{t('common.retry')}</Button>
      </Stack>
    );

  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_, next: LifeTab) => setTab(next)} aria-label={t('vcaEvs.remainingLife')}>
        <Tab value="overview" label={t('vcaEvs.overview')} />
        <Tab value="rul" label={t('vcaEvs.rul')} />
        <Tab value="temperature" label={t('vcaEvs.temperature')} />
      </Tabs>
      {overall.isPending ? <Skeleton variant="rounded" height={280} /> : null}
      {!overall.isPending && items.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {t('charts.noData')}
        </Typography>
      ) : null}
      {tab === 'overview' && items.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Paper
            variant="outlined"
            sx={{ p: 1 }}
            component="section"
            aria-label={t('vcaEvs.partsByCondition')}
          >
            <Typography variant="subtitle2" sx={{ px: 1 }}>
              {t('vcaEvs.partsByCondition')}
            </Typography>
            <PieChart title={t('vcaEvs.partsByCondition')} slices={slices} loading={false} />
          </Paper>
          <Stack spacing={2}>
            {items.map((item) => (
              <LifeCard key={item.tag.tagCode} item={item} />
            ))}
          </Stack>
        </Box>
      ) : null}
      {tab !== 'overview' && items.length > 0 && chosen ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t('vcaEvs.healthMonitoringType')}
              value={tab}
              onChange={(event) => setTab(event.target.value as LifeTab)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="rul">{t('vcaEvs.rul')}</MenuItem>
              <MenuItem value="temperature">{t('vcaEvs.temperature')}</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label={t('vcaEvs.sensorType')}
              value={chosen}
              onChange={(event) => setTag(event.target.value as VcaLifeTag)}
              sx={{ minWidth: 200 }}
            >
              {items.map((item) => (
                <MenuItem key={item.tag.tagCode} value={item.tag.tagCode}>
                  {item.tag.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {items.map((item) => (
              <LifeCard
                key={item.tag.tagCode}
                item={item}
                selected={item.tag.tagCode === chosen}
                onSelect={() => setTag(item.tag.tagCode)}
              />
            ))}
          </Box>
          <LifeChart
            key={`${tab}-${chosen}`}
            modelId={modelId}
            modelCode={modelCode}
            kind={tab}
            tagCode={chosen}
            timeZone={timeZone}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
