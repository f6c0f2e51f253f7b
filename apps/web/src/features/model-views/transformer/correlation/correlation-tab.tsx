import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartSeries, excelFileName } from '../../../../components/charts/chart-logic.ts';
import { TimeSeriesChart } from '../../../../components/charts/time-series-chart.tsx';
import { useChartControls } from '../../../../components/charts/use-chart-controls.ts';
import { XyChart } from '../../../../components/charts/xy-chart.tsx';
import type { XySeries } from '../../../../components/charts/xy-logic.ts';
import { describeError } from '../../../../lib/errors.ts';
import { useQSetting } from '../../api/get-q-setting.ts';
import { useScoreResult } from '../../api/get-score-result.ts';
import { useTagResult } from '../../api/get-tag-result.ts';
import { useModelCode } from '../../api/use-model-code.ts';
import { baselineLine } from './correlation-logic.ts';

/**
 * Correlation (Anomaly) of a transformer (spec 02 §2.6, §7): the q-setting pairs; for the chosen pair the anomaly
 * score trend with its warning and alarm lines, and tag A against tag B over the same days with the baseline the
 * score measures the distance from.
 */
export function CorrelationTab({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const modelCode = useModelCode(modelId);
  const pairs = useQSetting(modelId);
  const [chosen, setChosen] = useState<string>();
  const pair = pairs.data?.find((one) => one.score === chosen) ?? pairs.data?.[0];
  const controls = useChartControls(timeZone);
  const { query } = controls;
  const score = useScoreResult(modelId, pair?.score, query);
  const tags = useTagResult(modelId, pair ? { tagA: pair.tagA, tagB: pair.tagB } : undefined, query);

  const scoreSeries = useMemo((): ChartSeries[] | undefined => {
    const data = score.data;
    if (!data) return undefined;
    return [
      {
        tag: data.tagScore,
        name: t('txAnalysis.correlation.score'),
        unit: '',
        warning: data.warning,
        alarm: data.alarm,
        points: data.timestamp.map((time, index) => [time, data.data[index] ?? Number.NaN] as const),
      },
    ];
  }, [score.data, t]);

  const scatter = useMemo((): XySeries[] | undefined => {
    const data = tags.data;
    if (!data) return undefined;
    const line = baselineLine(
      data.pairs.map(([, a]) => a),
      data.baseline,
    );
    return [
      {
        name: t('txAnalysis.correlation.samples'),
        kind: 'scatter',
        color: '#1565C0',
        points: data.pairs.map(([time, a, b]) => [a, b, time] as const),
      },
      ...(line
        ? [
            {
              name: t('txAnalysis.correlation.baseline'),
              kind: 'line' as const,
              color: '#D9263B',
              dashed: true,
              points: line,
            },
          ]
        : []),
    ];
  }, [tags.data, t]);

  if (pairs.isError)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start', p: 2 }} role="alert">
        <Typography color="error">{describeError(pairs.error, t)}</Typography>
        <Button size="small" variant="outlined" onClick={() => void pairs.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  if (pairs.data?.length === 0)
    return (
      <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
        {t('charts.noData')}
      </Typography>
    );

  const limit = (value: number | null) => (value === null ? '—' : String(value));
  return (
    <Stack spacing={2}>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-label={t('txAnalysis.correlation.pairs')}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('txAnalysis.correlation.pairs')}
        </Typography>
        <TableContainer>
          <Table size="small" aria-label={t('txAnalysis.correlation.pairs')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('txAnalysis.correlation.score')}</TableCell>
                <TableCell>{t('txAnalysis.correlation.tagA')}</TableCell>
                <TableCell>{t('txAnalysis.correlation.tagB')}</TableCell>
                <TableCell align="right">{t('charts.warning')}</TableCell>
                <TableCell align="right">{t('charts.alarm')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(pairs.data ?? []).map((row) => (
                <TableRow
                  key={row.score}
                  hover
                  selected={row.score === pair?.score}
                  onClick={() => setChosen(row.score)}
                  sx={{ cursor: 'pointer' }}
                  aria-selected={row.score === pair?.score}
                >
                  <TableCell>
                    <Box
                      component="button"
                      type="button"
                      onClick={() => setChosen(row.score)}
                      sx={{
                        all: 'unset',
                        cursor: 'pointer',
                        fontWeight: row.score === pair?.score ? 700 : 400,
                      }}
                    >
                      {row.score}
                    </Box>
                  </TableCell>
                  <TableCell>{row.tagA}</TableCell>
                  <TableCell>{row.tagB}</TableCell>
                  <TableCell align="right">{limit(row.warning)}</TableCell>
                  <TableCell align="right">{limit(row.alarm)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <TimeSeriesChart
        title={t('txAnalysis.correlation.scoreTitle', { score: pair?.score ?? '' })}
        timeZone={timeZone}
        controls={controls}
        series={score.isError ? [] : scoreSeries}
        loading={query !== undefined && (score.isPending || (score.isFetching && score.isPlaceholderData))}
        excelFileName={excelFileName({ kind: 'correlation', modelCode })}
        error={score.isError ? describeError(score.error, t) : undefined}
        onRetry={() => void score.refetch()}
      />
      {pair ? (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-label={t('txAnalysis.correlation.tagTitle', { tagA: pair.tagA, tagB: pair.tagB })}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {t('txAnalysis.correlation.tagTitle', { tagA: pair.tagA, tagB: pair.tagB })}
          </Typography>
          <XyChart
            title={t('txAnalysis.correlation.tagTitle', { tagA: pair.tagA, tagB: pair.tagB })}
            timeZone={timeZone}
            x={{ name: pair.tagA, unit: tags.data?.unitA ?? '' }}
            y={{ name: pair.tagB, unit: tags.data?.unitB ?? '' }}
            series={tags.isError ? [] : scatter}
            loading={query !== undefined && (tags.isPending || (tags.isFetching && tags.isPlaceholderData))}
            error={tags.isError ? describeError(tags.error, t) : undefined}
            onRetry={() => void tags.refetch()}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
