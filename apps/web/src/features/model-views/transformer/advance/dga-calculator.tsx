import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUVAL_ZONE_COLORS, type DuvalPoint } from '../../../../components/charts/duval-logic.ts';
import { DateField } from '../../../../components/date-field.tsx';
import { describeError } from '../../../../lib/errors.ts';
import { type DgaCalculation, useCalculateDga } from '../../api/calculate-dga.ts';
import type { DgaSensorType } from '../../api/get-dga-raw.ts';
import { getDgaResult } from '../../api/get-dga-result.ts';
import { type GasInputs, nowTyped, parseGases, typedDateTimeToIso } from './dga-logic.ts';

const EMPTY: GasInputs = { ch4: '', c2h4: '', c2h2: '' };

/**
 * The DGA manual calculator (spec 02 §2.6, §5): for the tank chosen above, the gases stored at a date and time
 * (company zone) fill the three fields, which may be changed; Calculate places them in Duval Triangle 1 and tells
 * the zone. All three values are needed.
 */
export function DgaCalculator({
  modelId,
  sensorType,
  timeZone,
  onCalculated,
}: {
  modelId: string;
  sensorType: DgaSensorType;
  timeZone: string;
  onCalculated: (point: DuvalPoint | null) => void;
}) {
  const { t } = useTranslation();
  // Typed as the portal's other dates: DD/MM/YYYY and a 24-hour HH:mm, in every language and browser (issue 27 item 5).
  const [at, setAt] = useState(() => nowTyped(new Date(), timeZone));
  const [gases, setGases] = useState<GasInputs>(EMPTY);
  const [message, setMessage] = useState<string>();
  const [result, setResult] = useState<DgaCalculation>();
  const [loadingValues, setLoadingValues] = useState(false);
  const calculate = useCalculateDga();

  const handleLoad = async () => {
    const iso = typedDateTimeToIso(at.day, at.time, timeZone);
    if (!iso) {
      setMessage(t('txAnalysis.dga.badDateTime'));
      return;
    }
    setMessage(undefined);
    setLoadingValues(true);
    try {
      const stored = await getDgaResult(modelId, sensorType, iso);
      const text = (value: number | null) => (value === null ? '' : String(value));
      setGases({ ch4: text(stored.ch4_level), c2h4: text(stored.c2h4_level), c2h2: text(stored.c2h2_level) });
      if (stored.ch4_level === null || stored.c2h4_level === null || stored.c2h2_level === null)
        setMessage(stored.new_result.description);
    } catch (error) {
      setMessage(describeError(error, t));
    } finally {
      setLoadingValues(false);
    }
  };

  const handleCalculate = () => {
    const parsed = parseGases(gases);
    if (!parsed) {
      setMessage(t('txAnalysis.dga.fillAll'));
      return;
    }
    setMessage(undefined);
    calculate.mutate(parsed, {
      onSuccess: (answer) => {
        setResult(answer);
        onCalculated(
          answer.point && answer.ch4_level_cal !== null
            ? {
                time: null,
                x: answer.point.x,
                y: answer.point.y,
                ch4: answer.ch4_level_cal,
                c2h4: answer.c2h4_level_cal ?? 0,
                c2h2: answer.c2h2_level_cal ?? 0,
                zone: answer.zone,
              }
            : null,
        );
      },
      onError: (error) => setMessage(describeError(error, t)),
    });
  };

  const gasField = (key: keyof GasInputs, label: string) => (
    <TextField
      size="small"
      label={label}
      value={gases[key]}
      onChange={(event) => {
        setGases({ ...gases, [key]: event.target.value });
        setResult(undefined);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <Typography variant="caption">ppm</Typography> },
      }}
      sx={{ width: 140 }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('txAnalysis.dga.calculator')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('txAnalysis.dga.calculator')}
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <DateField
            size="small"
            width={180}
            name="dga-date"
            label={t('txAnalysis.dga.date')}
            value={at.day}
            onChange={(day) => setAt({ ...at, day })}
          />
          <TextField
            size="small"
            name="dga-time"
            label={t('txAnalysis.dga.time')}
            value={at.time}
            onChange={(event) => setAt({ ...at, time: event.target.value })}
            placeholder={t('txAnalysis.dga.timeFormat')}
            helperText={t('txAnalysis.dga.timeFormat')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            sx={{ width: 96 }}
          />
          <Button size="small" onClick={() => void handleLoad()} disabled={loadingValues}>
            {t('txAnalysis.dga.loadValues')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {gasField('ch4', 'CH4')}
          {gasField('c2h4', 'C2H4')}
          {gasField('c2h2', 'C2H2')}
        </Stack>
        <div>
          <Button variant="contained" size="small" onClick={handleCalculate} disabled={calculate.isPending}>
            {t('txAnalysis.dga.calculate')}
          </Button>
        </div>
        {message ? <Alert severity="warning">{message}</Alert> : null}
        {result ? (
          <Stack spacing={1} role="status" aria-label={t('txAnalysis.dga.result')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2">{t('txAnalysis.dga.zone')}</Typography>
              <Chip
                label={result.zone ?? '—'}
                sx={{ fontWeight: 700, bgcolor: DUVAL_ZONE_COLORS[result.zone ?? ''] ?? 'grey.300' }}
                data-testid="dga-calculated-zone"
              />
            </Stack>
            <Typography variant="body2">{result.description}</Typography>
            {result.ch4_level_cal !== null ? (
              <Typography variant="body2" color="text.secondary">
                {`CH4 ${result.ch4_level_cal.toFixed(1)} % · C2H4 ${(result.c2h4_level_cal ?? 0).toFixed(1)} % · C2H2 ${(result.c2h2_level_cal ?? 0).toFixed(1)} %`}
              </Typography>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
