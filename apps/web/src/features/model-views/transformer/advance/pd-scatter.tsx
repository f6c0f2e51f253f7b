import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quantityText } from '../../../../components/charts/indicator-logic.ts';
import { PrpdScatterChart } from '../../../../components/charts/prpd-scatter-chart.tsx';
import { formatDateTimeIn } from '../../../../lib/time.ts';
import { usePdFiles, usePdResult } from '../../api/get-pd.ts';

/**
 * Advance analysis tab 8 (spec 02 §2.6): the phase-resolved partial discharge scatter of a stored PD capture. Choose
 * the sub-module and the file ('Select FileName', newest first; the newest by default); the server bins the pulses
 * on phase × apparent charge (@sdp/analytics PRPD) and the chart colours each cell by its pulse count.
 */
export function PdScatter({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const [subModule, setSubModule] = useState<string>();
  const [chosenFile, setChosenFile] = useState<string>();
  const files = usePdFiles(modelId, subModule);
  const shownSubModule = files.data?.subModule ?? null;
  const list = files.data?.files ?? [];
  const fileName = list.some((file) => file.fileName === chosenFile)
    ? (chosenFile ?? null)
    : (list[0]?.fileName ?? null);
  const result = usePdResult(modelId, shownSubModule, fileName);
  const data = result.data;
  const failed = files.isError || result.isError;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('txPanels.pd.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('txPanels.pd.subModule')}
          value={shownSubModule ?? ''}
          onChange={(event) => {
            setSubModule(event.target.value);
            setChosenFile(undefined);
          }}
          sx={{ minWidth: 240 }}
          disabled={!files.data?.subModules.length}
        >
          {(files.data?.subModules ?? []).map((row) => (
            <MenuItem key={row.subModule} value={row.subModule}>
              {`${row.subModule} (${row.captures})`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('txPanels.pd.file')}
          value={fileName ?? ''}
          onChange={(event) => setChosenFile(event.target.value)}
          sx={{ minWidth: 280, flex: 1 }}
          disabled={list.length === 0}
        >
          {list.map((file) => (
            <MenuItem key={file.fileName} value={file.fileName}>
              {`${formatDateTimeIn(file.capturedAt, timeZone)} · ${file.alias}`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {data ? (
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-pd-summary>
          <Typography variant="body2">
            {t('txPanels.pd.capturedAt', { time: formatDateTimeIn(data.capturedAt, timeZone) })}
          </Typography>
          <Typography variant="body2">{t('txPanels.pd.pulses', { count: data.pulses })}</Typography>
          <Typography variant="body2">
            {t('txPanels.pd.halves', { positive: data.positivePulses, negative: data.negativePulses })}
          </Typography>
          <Typography variant="body2">
            {t('txPanels.pd.peak', { value: quantityText(data.peakChargePc, data.unit) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('txPanels.pd.reference', {
              phase: data.referencePhase.toUpperCase(),
              hz: data.powerFrequencyHz,
            })}
          </Typography>
        </Stack>
      ) : null}
      <PrpdScatterChart
        points={data?.points}
        maxCount={data?.maxCount ?? 1}
        chargeMax={data?.chargeRangePc[1] ?? 0}
        unit={data?.unit ?? 'pC'}
        loading={files.isPending || (result.isFetching && !data)}
        error={failed ? t('txPanels.pd.failed') : undefined}
        onRetry={() => void (files.isError ? files.refetch() : result.refetch())}
      />
    </Stack>
  );
}
