import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TrLocusResult } from '@sdp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChartTime, statusTextColor } from '../../../../components/charts/chart-logic.ts';
import { XyChart } from '../../../../components/charts/xy-chart.tsx';
import type { XySeries } from '../../../../components/charts/xy-logic.ts';
import { describeError } from '../../../../lib/errors.ts';
import { modelStatusKind } from '../../../../lib/model-status.ts';
import { useLocusFiles } from '../../api/get-locus-files.ts';
import { useLocusList } from '../../api/get-locus-list.ts';
import { useLocusResult } from '../../api/get-locus-result.ts';

const CURVE_COLORS = { reference: '#607D8B', last: '#1565C0', present: '#D9263B' } as const;
const PARAMETERS = ['a', 'b', 'angle', 'e', 'area'] as const;

/**
 * Advance analysis 10, V–I locus (spec 02 §2.6, §7): for a locus (phase) and two of its captures, the reference
 * ellipse of the settings, the last and the present captures, and the process table: ellipse parameters, their
 * rate of change, the status and the fault diagnosis.
 */
export function LocusTab({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const list = useLocusList(modelId);
  const [chosenLocus, setChosenLocus] = useState<string>();
  const locusName = chosenLocus ?? list.data?.[0]?.locus_name;
  const files = useLocusFiles(modelId, locusName);
  const [chosen, setChosen] = useState<{ locus: string; present?: string; last?: string }>();
  const mine = chosen?.locus === locusName ? chosen : undefined;
  const presentFile = mine?.present ?? files.data?.default.presentFile ?? undefined;
  const lastFile = mine?.last ?? files.data?.default.laseFile ?? undefined;
  const result = useLocusResult(
    modelId,
    locusName && presentFile ? { locusName, presentFile, lastFile } : undefined,
  );
  const series = useMemo((): XySeries[] | undefined => {
    const curveName = (kind: keyof typeof CURVE_COLORS) => t(`txAnalysis.locus.${kind}`);
    return result.data?.result_list.map((curve) => ({
      name: curve.fileName
        ? `${curveName(curve.sub_module)} (${curve.fileName})`
        : curveName(curve.sub_module),
      kind: 'line',
      color: CURVE_COLORS[curve.sub_module],
      dashed: curve.sub_module === 'reference',
      points: curve.points,
    }));
  }, [result.data, t]);
  const fileLabel = (fileName: string) => {
    const file = files.data?.files.find((one) => one.fileName === fileName);
    return file ? `${file.alias} · ${formatChartTime(Date.parse(file.capturedAt), timeZone)}` : fileName;
  };
  const failed = list.error ?? files.error ?? result.error;
  const noLoci = list.data?.length === 0;
  const noFiles = files.data && files.data.files.length === 0;
  const title = t('txAnalysis.locus.title', { locus: locusName ?? '' });

  const fileSelect = (label: string, value: string | undefined, onChange: (file: string) => void) => (
    <FormControl size="small" sx={{ minWidth: 220 }} disabled={!files.data?.files.length}>
      <InputLabel>{label}</InputLabel>
      <Select label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {(files.data?.files ?? []).map((file) => (
          <MenuItem key={file.fileName} value={file.fileName}>
            {fileLabel(file.fileName)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 160 }} disabled={!list.data?.length}>
          <InputLabel>{t('txAnalysis.locus.locus')}</InputLabel>
          <Select
            label={t('txAnalysis.locus.locus')}
            value={locusName ?? ''}
            onChange={(event) => setChosenLocus(event.target.value)}
          >
            {(list.data ?? []).map((row) => (
              <MenuItem key={row.locus_name} value={row.locus_name}>
                {row.locus_name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {fileSelect(t('txAnalysis.locus.presentFile'), presentFile, (file) =>
          setChosen({ locus: locusName ?? '', present: file, last: lastFile }),
        )}
        {fileSelect(t('txAnalysis.locus.lastFile'), lastFile, (file) =>
          setChosen({ locus: locusName ?? '', present: presentFile, last: file }),
        )}
      </Stack>
      <XyChart
        title={title}
        timeZone={timeZone}
        x={{ name: t('txAnalysis.locus.current'), unit: 'A' }}
        y={{ name: t('txAnalysis.locus.voltage'), unit: 'V' }}
        series={noLoci || noFiles ? [] : series}
        loading={!failed && !noLoci && !noFiles && (list.isPending || files.isPending || result.isPending)}
        error={failed ? describeError(failed, t) : undefined}
        onRetry={() => {
          void list.refetch();
          void files.refetch();
          void result.refetch();
        }}
      />
      {result.data ? <LocusTable table={result.data.table} /> : null}
    </Paper>
  );
}

function LocusTable({ table }: { table: TrLocusResult['table'] }) {
  const { t } = useTranslation();
  type Parameter = (typeof PARAMETERS)[number];
  const number = (name: Parameter, value: number | undefined) =>
    value === undefined ? '—' : value.toFixed(name === 'angle' ? 2 : 4);
  // Rates of change: a, b and area relative (%), the tilt in degrees, the eccentricity in percentage points.
  const change = (name: Parameter, value: number | undefined) =>
    value === undefined
      ? '—'
      : `${value.toFixed(2)}${name === 'angle' ? '°' : name === 'e' ? ' % pt' : ' %'}`;
  const rows = [
    { key: 'reference', label: t('txAnalysis.locus.reference'), values: table.referance, format: number },
    { key: 'last', label: t('txAnalysis.locus.last'), values: table.last, format: number },
    { key: 'present', label: t('txAnalysis.locus.present'), values: table.present, format: number },
    {
      key: 'rocLast',
      label: t('txAnalysis.locus.rocPresentLast'),
      values: table.roc_present_last,
      format: change,
    },
    {
      key: 'rocReference',
      label: t('txAnalysis.locus.rocPresentReference'),
      values: table.roc_present_referance,
      format: change,
    },
  ];
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }} role="status">
        <Typography variant="body2">
          {t('txAnalysis.locus.status')}:{' '}
          <Box component="span" sx={{ color: statusTextColor(table.status), fontWeight: 700 }}>
            {t(`modelStatus.${modelStatusKind(table.status)}`)}
          </Box>
        </Typography>
        <Typography variant="body2">
          {t('txAnalysis.locus.faultDiagnosis')}: <b>{table.fault_diag}</b>
        </Typography>
        <Typography variant="body2">
          {t('txAnalysis.locus.reactance')}: <b>{table.reactanceOhm.toFixed(4)} Ω</b>
        </Typography>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={t('txAnalysis.locus.table')}>
          <TableHead>
            <TableRow>
              <TableCell />
              {PARAMETERS.map((name) => (
                <TableCell key={name} align="right">
                  {t(`txAnalysis.locus.parameter.${name}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                {PARAMETERS.map((name) => (
                  <TableCell key={name} align="right">
                    {row.format(name, row.values?.[name])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
