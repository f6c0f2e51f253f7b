import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  MCA_DEFAULT_RANGE_ID,
  MCA_FREQUENCY_RANGES,
  MCA_MAX_FILES,
  type McaFaultFrequencies,
  type McaFrequencyResult,
  type McaTimeDomain,
} from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { SpectrumChart } from '../../../components/charts/spectrum-chart.tsx';
import type { FaultMark, SpectrumSeries } from '../../../components/charts/spectrum-logic.ts';
import { WaterfallChart } from '../../../components/charts/waterfall-chart.tsx';
import { XyChart } from '../../../components/charts/xy-chart.tsx';
import type { XySeries } from '../../../components/charts/xy-logic.ts';
import { useModelCode } from '../api/use-model-code.ts';
import { captureTime } from '../shared/capture-label.ts';
import { useMcaFaultFrequencies } from './api/get-mca-fault-frequencies.ts';
import { useMcaFiles } from './api/get-mca-files.ts';
import { useMcaFrequency } from './api/get-mca-frequency.ts';
import { useMcaTimeDomain } from './api/get-mca-time-domain.ts';
import { MCA_PHASES, type McaPhase } from './mca-series-panel.tsx';

/** Phase colours of spec 02 §9: IA red, IB yellow, IC blue. */
const PHASE_COLORS = { Ia: '#D9263B', Ib: '#F9A825', Ic: '#1565C0' } as const;

/** The Phase choice of the time domain: one phase, or the three together (the default). */
export type TimePhase = McaPhase | 'all';
const TIME_PHASES: readonly TimePhase[] = ['all', ...MCA_PHASES];
const PHASE_KEYS = { IA: 'Ia', IB: 'Ib', IC: 'Ic' } as const;

/** The time-domain lines of a capture: Ia, Ib and Ic against seconds, or only the chosen phase's. */
export function timeDomainSeries(data: McaTimeDomain | undefined, phase: TimePhase): XySeries[] | undefined {
  if (!data) return undefined;
  const keys = phase === 'all' ? Object.values(PHASE_KEYS) : [PHASE_KEYS[phase]];
  return keys.map((key) => ({
    name: key,
    kind: 'line',
    color: PHASE_COLORS[key],
    points: data.data.map((point) => [point.ts, point[key]] as const),
  }));
}

/** Adds a capture to the choice; a sixth drops the oldest chosen (spec 02 §5). */
export function withFile(chosen: readonly string[], next: readonly string[]): string[] {
  const added = next.filter((name) => !chosen.includes(name));
  const kept = chosen.filter((name) => next.includes(name));
  return [...kept, ...added].slice(-MCA_MAX_FILES);
}

/** The spectrum of one phase of each capture, [Hz, dB] points, named by its capture time in the company's zone. */
export function phaseSeries(
  result: McaFrequencyResult | undefined,
  phase: McaPhase,
  timeZone: string,
): SpectrumSeries[] | undefined {
  return result?.series.map((one) => ({
    name: captureTime(one.capturedAt, timeZone) ?? one.alias,
    points: one.data.map((point) => [point.FHZ, point[phase]] as const),
  }));
}

/**
 * Mark families in order of importance: where labels would overlap on the chart, the first keep theirs. The fault
 * sidebands come before the supply, whose line is the 0 dB peak anyway (P102's rotor-bar sidebands lie 2 Hz from it).
 */
const MARK_FAMILIES = ['Rotor bar', 'Eccentricity', 'Supply', 'Bearing'];
const ON_ANOTHER_LINE = " (on another family's line)";

/**
 * The fault-frequency marks of the chart from a capture's list: one line per frequency (the DE and NDE bearings of
 * one designation share theirs: 'Bearing DE/NDE fs−BPFO'), short labels (the list says which bearing line sits on
 * another family's), the fault families first.
 */
export function chartMarks(
  items: readonly { name: string; frequencyHz: number }[],
  maxHz: number | null,
): FaultMark[] {
  const byFrequency = new Map<string, { frequencyHz: number; names: string[] }>();
  for (const item of items) {
    if (maxHz !== null && item.frequencyHz > maxHz) continue;
    const key = item.frequencyHz.toFixed(3);
    const name = item.name.replace(ON_ANOTHER_LINE, '');
    const same = byFrequency.get(key);
    if (same) same.names.push(name);
    else byFrequency.set(key, { frequencyHz: item.frequencyHz, names: [name] });
  }
  const rank = (label: string) => {
    const family = MARK_FAMILIES.findIndex((one) => label.startsWith(one));
    return family === -1 ? MARK_FAMILIES.length : family;
  };
  return [...byFrequency.values()]
    .map(({ frequencyHz, names }) => ({ frequencyHz, label: mergedName(names) }))
    .sort((a, b) => rank(a.label) - rank(b.label) || a.frequencyHz - b.frequencyHz);
}

/** 'Bearing DE fs−BPFO' and 'Bearing NDE fs−BPFO' read 'Bearing DE/NDE fs−BPFO'; other names are listed. */
function mergedName(names: readonly string[]): string {
  const bearing = /^Bearing (\S+) (.+)$/;
  const parts = names.map((name) => bearing.exec(name));
  const line = parts[0]?.[2];
  if (names.length > 1 && parts.every((part) => part !== null && part[2] === line))
    return `Bearing ${parts.map((part) => part?.[1]).join('/')} ${line}`;
  return [...new Set(names)].join(', ');
}

/** The Excel of the spectrum: sheets IA, IB, IC of frequency and level (spec 02 §9). */
async function exportSpectrum(fileName: string, result: McaFrequencyResult) {
  const [one] = result.series;
  if (!one) return;
  const { downloadExcelSheets } = await import('../../../components/charts/excel-export.ts');
  await downloadExcelSheets(
    fileName,
    MCA_PHASES.map((phase) => ({
      name: phase,
      header: ['Frequency [Hz]', `${phase} [dB]`],
      rows: one.data.map((point) => [point.FHZ, point[phase]]),
    })),
  );
}

type Searched = { files: string[]; groupCode: 'FL' | 'FH' | 'TD' };

/**
 * Current Spectrum (spec 02 §2.7, §4, §5, §9): Frequency Range (default FFTIB (Low Frequency), id 19, group FL),
 * Phase IA/IB/IC, up to 5 captures as chips, Search, Excel (sheets IA, IB, IC), Reset, 2D/3D, the kit's peak
 * marking (ref, 2nd, Diff) with harmonic and sideband lines, and the fault frequencies of each capture. Opens on
 * the newest capture.
 */
export function CurrentSpectrum({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const modelCode = useModelCode(modelId);
  const [rangeId, setRangeId] = useState<number>(MCA_DEFAULT_RANGE_ID);
  const range = MCA_FREQUENCY_RANGES.find((one) => one.id === rangeId) ?? MCA_FREQUENCY_RANGES[0];
  const [phase, setPhase] = useState<McaPhase>('IA');
  const [timePhase, setTimePhase] = useState<TimePhase>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [view, setView] = useState<'2d' | '3d'>('2d');
  const [searched, setSearched] = useState<Searched>();
  const [searches, setSearches] = useState(0);
  const [width, setWidth] = useState(1000);
  const files = useMcaFiles(modelId, range.groupCode);
  // On first open the newest capture is chosen and searched, so the spectrum is drawn without a click. Only once:
  // after Reset or a change of range the choice stays the user's (spec 02 §4 clears it).
  const [preselected, setPreselected] = useState(false);
  if (!preselected && files.data) {
    setPreselected(true);
    const newest = files.data[0];
    if (newest && chosen.length === 0 && !searched) {
      setChosen([newest.fileName]);
      setSearched({ files: [newest.fileName], groupCode: range.groupCode });
    }
  }
  const byName = useMemo(
    () => new Map((files.data ?? []).map((file) => [file.fileName, file])),
    [files.data],
  );
  const spectrumGroup = searched && searched.groupCode !== 'TD' ? searched.groupCode : undefined;
  const frequency = useMcaFrequency(
    modelId,
    spectrumGroup && searched
      ? {
          fileNames: view === '3d' ? [...searched.files].reverse() : searched.files,
          groupCode: spectrumGroup,
          // Widths in steps of 200 px: a scrollbar moving the plot width must not refetch the spectrum again and again.
          maxPoints: Math.max(800, Math.min(8000, 4 * 200 * Math.ceil(width / 200))),
          view,
        }
      : undefined,
  );
  const faults = useMcaFaultFrequencies(modelId, spectrumGroup ? (searched?.files ?? []) : []);
  const timeDomain = useMcaTimeDomain(modelId, searched?.groupCode === 'TD' ? searched.files[0] : undefined);
  const series = useMemo(
    () => phaseSeries(frequency.data, phase, timeZone),
    [frequency.data, phase, timeZone],
  );
  // A capture by its time in the company's zone, in the same format as every other date of the portal.
  const labelOf = (fileName: string, fallback = fileName) =>
    captureTime(byName.get(fileName)?.capturedAt, timeZone) ?? fallback;
  const timeSeries = useMemo(
    () => timeDomainSeries(timeDomain.data, timePhase),
    [timeDomain.data, timePhase],
  );
  const marks = useMemo<FaultMark[]>(
    () => chartMarks(faults.data?.files[0]?.items ?? [], range.maxHz),
    [faults.data, range.maxHz],
  );

  const changeRange = (id: number) => {
    setRangeId(id);
    // Spec 02 §4: changing the frequency range clears the chosen files.
    setChosen([]);
    setPreselected(true);
  };
  const search = () => {
    setPreselected(true);
    setSearched({ files: chosen, groupCode: range.groupCode });
    setSearches((count) => count + 1);
  };
  const reset = () => {
    setPreselected(true);
    setChosen([]);
    setSearched(undefined);
    setSearches((count) => count + 1);
  };
  const excelName = excelFileName({ kind: 'current_spectrum', modelCode });
  const oneSeries = frequency.data?.series.length === 1;

  const toolbar = (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id="mca-range">{t('mca.frequencyRange')}</InputLabel>
        <Select
          labelId="mca-range"
          label={t('mca.frequencyRange')}
          value={rangeId}
          onChange={(event) => changeRange(Number(event.target.value))}
        >
          {MCA_FREQUENCY_RANGES.map((one) => (
            <MenuItem key={one.id} value={one.id}>
              {t(`mca.frequencyRanges.${one.groupCode}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 100 }}>
        <InputLabel id="mca-spectrum-phase">{t('mca.phase')}</InputLabel>
        {range.groupCode === 'TD' ? (
          // The time domain draws the three phases at once by default; one can be picked out.
          <Select
            labelId="mca-spectrum-phase"
            label={t('mca.phase')}
            value={timePhase}
            onChange={(event) => setTimePhase(event.target.value as TimePhase)}
          >
            {TIME_PHASES.map((one) => (
              <MenuItem key={one} value={one}>
                {one === 'all' ? t('mca.allPhases') : one}
              </MenuItem>
            ))}
          </Select>
        ) : (
          <Select
            labelId="mca-spectrum-phase"
            label={t('mca.phase')}
            value={phase}
            onChange={(event) => setPhase(event.target.value as McaPhase)}
          >
            {MCA_PHASES.map((one) => (
              <MenuItem key={one} value={one}>
                {one}
              </MenuItem>
            ))}
          </Select>
        )}
      </FormControl>
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        getLimitTagsText={(more) => t('mca.moreFiles', { count: more })}
        options={(files.data ?? []).map((file) => file.fileName)}
        getOptionLabel={(name) => labelOf(name)}
        value={chosen}
        onChange={(_, next) => setChosen(withFile(chosen, next))}
        loading={files.isPending}
        sx={{ minWidth: 280, flex: 1, maxWidth: 560 }}
        renderInput={(params) => <TextField {...params} label={t('mca.files')} />}
      />
      <Button
        variant="contained"
        size="small"
        startIcon={<SearchOutlined />}
        disabled={chosen.length === 0}
        onClick={search}
      >
        {t('mca.search')}
      </Button>
      {range.groupCode !== 'TD' ? (
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={!oneSeries}
          onClick={() => frequency.data && void exportSpectrum(excelName, frequency.data)}
        >
          {t('charts.excel')}
        </Button>
      ) : null}
      <Button size="small" onClick={reset}>
        {t('mca.reset')}
      </Button>
      {range.groupCode !== 'TD' ? (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: '2d' | '3d' | null) => next && setView(next)}
          aria-label={t('mca.view')}
        >
          <ToggleButton value="2d">2D</ToggleButton>
          <ToggleButton value="3d">3D</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
    </Stack>
  );

  const empty = t('mca.chooseFiles');
  const fetchError = frequency.isError ? t('mca.loadFailed') : undefined;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {toolbar}
        {files.isError ? (
          <Typography color="error" role="alert" sx={{ mt: 1 }}>
            {t('mca.loadFailed')}{' '}
            <Button size="small" onClick={() => void files.refetch()}>
              {t('common.retry')}
            </Button>
          </Typography>
        ) : null}
      </Paper>
      {searched?.groupCode === 'TD' ? (
        <XyChart
          title={timePhase === 'all' ? t('mca.timeDomain') : `${t('mca.timeDomain')} — ${timePhase}`}
          timeZone={timeZone}
          x={{ name: t('mca.time'), unit: 's' }}
          y={{ name: t('mca.current'), unit: timeDomain.data?.unit ?? 'A' }}
          series={timeSeries}
          slider
          loading={timeDomain.isFetching}
          error={timeDomain.isError ? t('mca.loadFailed') : undefined}
          onRetry={() => void timeDomain.refetch()}
        />
      ) : view === '2d' ? (
        <SpectrumChart
          title={`${t('mca.tabs.spectrum')} — ${phase}`}
          series={series}
          loading={frequency.isFetching}
          unitLabel="dB"
          emptyMessage={empty}
          error={fetchError}
          onRetry={() => void frequency.refetch()}
          faultMarks={marks}
          resetKey={searches}
          onWidth={setWidth}
          refuseMark={(kind) =>
            // Spec 02 §5: harmonic and sideband lines need more than one file searched.
            (searched?.files.length ?? 0) < 2
              ? {
                  title: t(`mca.unableToDisplay.${kind}`),
                  message: t(`mca.selectMoreThanOne.${kind}`),
                  severity: 'warning',
                }
              : undefined
          }
        />
      ) : (
        <WaterfallChart
          title={`${t('mca.spectrum3d')} — ${phase}`}
          series={series}
          loading={frequency.isFetching}
          unitLabel="dB"
          emptyMessage={empty}
          error={fetchError}
          onRetry={() => void frequency.refetch()}
          resetKey={searches}
          onWidth={setWidth}
          height={550}
        />
      )}
      {spectrumGroup && faults.data ? (
        <FaultFrequencyLists data={faults.data} phase={phase} labelOf={labelOf} />
      ) : null}
    </Stack>
  );
}

/** The list of marked fault frequencies of each searched capture (spec 02 §2.7), levels of the chosen phase. */
function FaultFrequencyLists({
  data,
  phase,
  labelOf,
}: {
  data: McaFaultFrequencies;
  phase: McaPhase;
  labelOf: (fileName: string, fallback: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      {data.files.map((file) => (
        <Paper
          key={file.fileName}
          variant="outlined"
          sx={{ p: 1.5, flex: 1, minWidth: 0, width: '100%', overflowX: 'auto' }}
          component="section"
          aria-label={t('mca.faultList', { file: labelOf(file.fileName, file.alias) })}
        >
          <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
            {t('mca.faultList', { file: labelOf(file.fileName, file.alias) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('mca.faultBasis', {
              supply: file.supplyHz.toFixed(2),
              rpm: file.rpm.toFixed(0),
              slip: (file.slip * 100).toFixed(2),
              source: t(file.speedSource === 'motor data' ? 'mca.speedFromMotorData' : 'mca.speedEstimated'),
              bearings:
                file.bearings.map((b) => `${b.position} ${b.designation}`).join(', ') || t('mca.noBearings'),
            })}
          </Typography>
          {file.configuredRpm !== null && Math.round(file.configuredRpm) !== Math.round(file.rpm) ? (
            // Two speeds on one page: say which one the lines use and why (issue 26 item 8).
            <Typography variant="caption" color="text.secondary" component="p">
              {t(
                file.speedSource === 'motor data' ? 'mca.speedDiffersMotorData' : 'mca.speedDiffersEstimated',
                {
                  configured: file.configuredRpm.toFixed(0),
                  rpm: file.rpm.toFixed(0),
                },
              )}
            </Typography>
          ) : null}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('mca.faultName')}</TableCell>
                <TableCell align="right">{t('mca.frequencyHz')}</TableCell>
                <TableCell align="right">{t('mca.levelDb', { phase })}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {file.items.map((item) => (
                <TableRow key={item.name}>
                  <TableCell>{item.name}</TableCell>
                  <TableCell align="right">{item.frequencyHz.toFixed(2)}</TableCell>
                  <TableCell align="right">{item[phase] <= -200 ? '—' : item[phase].toFixed(1)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
