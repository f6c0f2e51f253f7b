import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { VcaFrequency, VcaTimeDomain } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AxisBoundField, useExcelDownload } from '../../../components/charts/chart-inputs.tsx';
import {
  type AxisInputs,
  DEFAULT_AXIS_INPUTS,
  excelFileName,
} from '../../../components/charts/chart-logic.ts';
import { XyChart } from '../../../components/charts/xy-chart.tsx';
import type { XySeries } from '../../../components/charts/xy-logic.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDateTimeIn } from '../../../lib/time.ts';
import { useVcaCapture } from '../api/get-vca-capture.ts';
import { useVcaFiles } from '../api/get-vca-files.ts';

/** Phase colours of spec 02 §9: IA red, IB yellow, IC blue. */
const PHASE_COLORS = ['#D9263B', '#E5B300', '#1565C0'] as const;

/** Axis inputs as numbers: empty or invalid text leaves that bound automatic (spec 02 §5). */
export function axisBounds(inputs: AxisInputs) {
  const read = (text: string) => {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value : undefined;
  };
  const out: { xMin?: number; xMax?: number; yMin?: number; yMax?: number } = {};
  for (const key of ['xMin', 'xMax', 'yMin', 'yMax'] as const) {
    const value = read(inputs[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The three phase lines and the Excel rows of a capture. */
export function captureSeries(capture: VcaTimeDomain | VcaFrequency): {
  series: XySeries[];
  header: string[];
  rows: number[][];
} {
  if ('sampleRateHz' in capture) {
    const phases = ['Ia', 'Ib', 'Ic'] as const;
    return {
      series: phases.map((phase, i) => ({
        name: phase,
        kind: 'line',
        color: PHASE_COLORS[i] as string,
        points: capture.points.map((point) => [point.ts, point[phase]] as const),
      })),
      header: ['Time (s)', 'Ia (A)', 'Ib (A)', 'Ic (A)'],
      rows: capture.points.map((point) => [point.ts, point.Ia, point.Ib, point.Ic]),
    };
  }
  const phases = ['IA', 'IB', 'IC'] as const;
  return {
    series: phases.map((phase, i) => ({
      name: phase,
      kind: 'line',
      color: PHASE_COLORS[i] as string,
      points: capture.points.map((point) => [point.FHZ, point[phase]] as const),
    })),
    header: ['Frequency (Hz)', 'IA (dB)', 'IB (dB)', 'IC (dB)'],
    rows: capture.points.map((point) => [point.FHZ, point.IA, point.IB, point.IC]),
  };
}

/**
 * VCA Current Analysis (spec 02 §2.7): 'Select FileName' of the drive's output-current captures (their capture time
 * in the company's zone as alias), time domain (group TD: Ia/Ib/Ic against s) or spectrum (dB against Hz), Excel
 * of what is drawn and the axis inputs with Default.
 */
export function CurrentAnalysis({
  modelId,
  modelCode,
  timeZone,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<'TD' | 'FD'>('TD');
  const files = useVcaFiles(modelId, group);
  const [chosen, setChosen] = useState<string | null>(null);
  const fileName = chosen ?? files.data?.[0]?.fileName ?? null;
  const capture = useVcaCapture(modelId, group, fileName);
  const [axisText, setAxisText] = useState<AxisInputs>(DEFAULT_AXIS_INPUTS);
  const bounds = useMemo(() => axisBounds(axisText), [axisText]);
  const drawn = useMemo(() => (capture.data ? captureSeries(capture.data) : undefined), [capture.data]);
  const { exporting, download } = useExcelDownload();
  const title = t('vcaEvs.currentAnalysis');

  const exportExcel = async () => {
    if (!drawn) return;
    await download(({ downloadExcel }) =>
      downloadExcel(
        excelFileName({
          kind: 'tab',
          modelCode,
          tab: group === 'TD' ? 'current_analysis_td' : 'current_analysis_fd',
        }),
        group === 'TD' ? 'TD' : 'FD',
        drawn.rows,
        drawn.header,
      ),
    );
  };

  const axisField = (key: keyof AxisInputs, label: string) => (
    <AxisBoundField
      label={label}
      value={axisText[key]}
      onChange={(text) => setAxisText({ ...axisText, [key]: text })}
    />
  );
  const error = files.isError ? files.error : capture.isError ? capture.error : null;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={group}
          onChange={(_, next: 'TD' | 'FD' | null) => {
            if (next) setGroup(next);
          }}
          aria-label={t('vcaEvs.group')}
        >
          <ToggleButton value="TD">{t('vcaEvs.timeDomain')}</ToggleButton>
          <ToggleButton value="FD">{t('vcaEvs.frequency')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={t('vcaEvs.selectFileName')}
          value={fileName ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 240 }}
          disabled={!files.data?.length}
        >
          {(files.data ?? []).map((file) => (
            <MenuItem key={file.fileName} value={file.fileName}>
              {formatDateTimeIn(file.alias, timeZone)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void exportExcel()}
          disabled={!drawn || exporting}
        >
          {t('charts.excel')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        {axisField('xMin', t('charts.xMin'))}
        {axisField('xMax', t('charts.xMax'))}
        {axisField('yMin', t('charts.yMin'))}
        {axisField('yMax', t('charts.yMax'))}
        <Button size="small" onClick={() => setAxisText(DEFAULT_AXIS_INPUTS)}>
          {t('charts.default')}
        </Button>
      </Stack>
      <XyChart
        title={title}
        timeZone={timeZone}
        x={
          group === 'TD'
            ? { name: t('vcaEvs.time'), unit: 's' }
            : { name: t('vcaEvs.frequencyAxis'), unit: 'Hz' }
        }
        y={
          group === 'TD'
            ? { name: t('vcaEvs.current'), unit: 'A' }
            : { name: t('vcaEvs.amplitude'), unit: 'dB' }
        }
        series={drawn?.series ?? (files.data?.length === 0 ? [] : undefined)}
        loading={files.isPending || (fileName !== null && capture.isPending)}
        error={error ? describeError(error, t) : undefined}
        onRetry={() => void (files.isError ? files.refetch() : capture.refetch())}
        range={bounds}
      />
    </Paper>
  );
}
