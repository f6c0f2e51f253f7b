import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CPM_PER_HZ,
  formatNumber,
  type MarkMode,
  markCountError,
  nextPicks,
  type PeakPicks,
  type PickedPeak,
  peakDiff,
  SPECTRUM_DEFAULT_HARMONICS,
  SPECTRUM_DEFAULT_SIDEBANDS,
  type SpectrumLabels,
  toDisplayX,
  type XUnit,
} from './spectrum-logic.ts';

/** The labels of the spectrum options in the user's language. */
export function useSpectrumLabels(): SpectrumLabels {
  const { t } = useTranslation();
  return {
    frequency: (unit) => (unit === 'cpm' ? t('spectrum.frequencyCpm') : t('spectrum.frequencyHz')),
    amplitude: t('spectrum.amplitude'),
    refPeak: t('spectrum.refPeak'),
    secondPeak: t('spectrum.secondPeak'),
    harmonic: t('spectrum.harmonic'),
    sideband: t('spectrum.sideband'),
    dataSet: t('spectrum.dataSet'),
  };
}

/**
 * Ref peak / 2nd peak state of a spectrum chart: `pick` applies the spec's rule (a 2nd left of the ref is refused
 * with the warning), `reset` clears both.
 */
export function usePeakPicks() {
  const [picks, setPicks] = useState<PeakPicks>({});
  const [warning, setWarning] = useState<string>();
  return {
    picks,
    warning,
    pick: (peak: PickedPeak) => {
      const next = nextPicks(picks, peak);
      setPicks(next.picks);
      setWarning(next.warning);
    },
    reset: () => {
      setPicks({});
      setWarning(undefined);
    },
    dismissWarning: () => setWarning(undefined),
  };
}

export function XUnitSwitch({ value, onChange }: { value: XUnit; onChange: (unit: XUnit) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={t('spectrum.xUnit')}
      onChange={(_, next: XUnit | null) => {
        if (next) onChange(next);
      }}
    >
      <ToggleButton value="hz">Hz</ToggleButton>
      <ToggleButton value="cpm">CPM</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** Mark type None / Harmonic / Sideband with its count (1–100) and, for sidebands, the spacing. */
export function MarkModeControls({
  mode,
  onChange,
  xUnit,
  withSpacing,
  defaults = { harmonic: SPECTRUM_DEFAULT_HARMONICS, sideband: SPECTRUM_DEFAULT_SIDEBANDS },
}: {
  mode: MarkMode;
  onChange: (mode: MarkMode) => void;
  xUnit: XUnit;
  withSpacing: boolean;
  /** Count a mark type starts with. */
  defaults?: { harmonic: number; sideband: number };
}) {
  const { t } = useTranslation();
  const [countText, setCountText] = useState(mode.kind === 'none' ? '' : String(mode.count));
  const [spacingText, setSpacingText] = useState('');
  const count = Number(countText);
  const countError =
    mode.kind === 'none'
      ? undefined
      : markCountError(count, mode.kind === 'harmonic' ? 'Harmonic' : 'Sideband');
  const apply = (kind: MarkMode['kind'], nextCount: number, spacing: string) => {
    if (kind === 'none') return onChange({ kind });
    if (kind === 'harmonic') return onChange({ kind, count: nextCount });
    const spacingValue = Number(spacing);
    onChange({
      kind,
      count: nextCount,
      ...(spacing.trim() !== '' && spacingValue > 0
        ? { spacingHz: xUnit === 'cpm' ? spacingValue / CPM_PER_HZ : spacingValue }
        : {}),
    });
  };
  return (
    <>
      <TextField
        select
        size="small"
        label={t('spectrum.markType')}
        value={mode.kind}
        onChange={(event) => {
          const kind = event.target.value as MarkMode['kind'];
          const nextCount = kind === 'harmonic' ? defaults.harmonic : defaults.sideband;
          setCountText(kind === 'none' ? '' : String(nextCount));
          apply(kind, nextCount, spacingText);
        }}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value="none">{t('spectrum.none')}</MenuItem>
        <MenuItem value="harmonic">{t('spectrum.harmonic')}</MenuItem>
        <MenuItem value="sideband">{t('spectrum.sideband')}</MenuItem>
      </TextField>
      {mode.kind === 'none' ? null : (
        <TextField
          size="small"
          type="number"
          label={t('spectrum.count')}
          value={countText}
          error={Boolean(countError)}
          helperText={countError}
          onChange={(event) => {
            setCountText(event.target.value);
            apply(mode.kind, Number(event.target.value), spacingText);
          }}
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
          sx={{ width: 96 }}
        />
      )}
      {mode.kind === 'sideband' && withSpacing ? (
        <TextField
          size="small"
          label={t('spectrum.spacing', { unit: xUnit === 'cpm' ? 'CPM' : 'Hz' })}
          value={spacingText}
          placeholder={t('spectrum.spacingDiff')}
          onChange={(event) => {
            setSpacingText(event.target.value);
            apply('sideband', count, event.target.value);
          }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 140 }}
        />
      ) : null}
    </>
  );
}

/** The box of spec 03 §2.6 / §4.3: ref peak, 2nd peak and Diff in the unit shown, with Reset. */
export function PeakBox({
  picks,
  xUnit,
  warning,
  onReset,
  onDismissWarning,
  time,
}: {
  picks: PeakPicks;
  xUnit: XUnit;
  warning: string | undefined;
  onReset: () => void;
  onDismissWarning: () => void;
  /** A time waveform's box: Δt, and 1/Δt in Hz and CPM when x is seconds (spec 03 §4.3). */
  time?: { frequency: boolean } | undefined;
}) {
  const { t } = useTranslation();
  const unit = time ? '' : xUnit === 'cpm' ? 'CPM' : 'Hz';
  const point = (peak: PickedPeak | undefined) =>
    peak ? `${formatNumber(toDisplayX(peak.x, xUnit))} ${unit} · ${formatNumber(peak.y)}` : '–';
  const diff = peakDiff(picks);
  if (time) {
    const rate = diff ? 1 / diff : undefined;
    return (
      <Box sx={{ mb: 1 }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          data-testid="peak-box"
        >
          <Typography variant="body2">
            <strong>{t('spectrum.firstPoint')}:</strong> {point(picks.ref)}
          </Typography>
          <Typography variant="body2">
            <strong>{t('spectrum.secondPoint')}:</strong> {point(picks.second)}
          </Typography>
          <Typography variant="body2">
            <strong>Δt:</strong> {diff === undefined ? '–' : formatNumber(diff)}
          </Typography>
          {time.frequency ? (
            <Typography variant="body2">
              <strong>1/Δt:</strong>{' '}
              {rate === undefined ? '–' : `${formatNumber(rate)} Hz · ${formatNumber(rate * CPM_PER_HZ)} CPM`}
            </Typography>
          ) : null}
          <Button size="small" onClick={onReset} disabled={!picks.ref}>
            {t('spectrum.reset')}
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 1 }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        aria-label={t('spectrum.peaks')}
        data-testid="peak-box"
      >
        <Typography variant="body2">
          <strong>{t('spectrum.refPeak')}:</strong> {point(picks.ref)}
        </Typography>
        <Typography variant="body2">
          <strong>{t('spectrum.secondPeak')}:</strong> {point(picks.second)}
        </Typography>
        <Typography variant="body2">
          <strong>{t('spectrum.diff')}:</strong>{' '}
          {diff === undefined ? '–' : `${formatNumber(toDisplayX(diff, xUnit))} ${unit}`}
        </Typography>
        <Button size="small" onClick={onReset} disabled={!picks.ref}>
          {t('spectrum.reset')}
        </Button>
      </Stack>
      {warning ? (
        <Alert severity="warning" onClose={onDismissWarning} sx={{ mt: 1 }}>
          <AlertTitle>{t('spectrum.warningTitle')}</AlertTitle>
          {warning}
        </Alert>
      ) : null}
    </Box>
  );
}
