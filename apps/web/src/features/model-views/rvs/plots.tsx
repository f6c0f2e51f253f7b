import LockOutlined from '@mui/icons-material/LockOutlined';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureHistory } from './failure-history.tsx';
import { OverallTrend, type OverallTrendPoint } from './overall-trend.tsx';
import { ParameterTrend } from './parameter-trend.tsx';
import { SpectrumTab } from './spectrum-tab.tsx';
import { WaterfallTab } from './waterfall-tab.tsx';
import { WaveformTab } from './waveform-tab.tsx';

const TABS = [
  'trend',
  'spectrum',
  'waterfall',
  'waveform',
  'waveform3d',
  'parameterTrend',
  'failureHistory',
] as const;
type PlotTab = (typeof TABS)[number];
const LOCKABLE: readonly PlotTab[] = ['parameterTrend', 'failureHistory'];

/**
 * The Plots panel (spec 03 §2.3): seven tabs, only the open one mounted (and so fetching). Parameter Trend and
 * Failure History carry a lock and show nothing but it without the RVS upgrade.
 */
export function Plots({
  modelId,
  modelCode,
  timeZone,
  unlocked,
  onPointClick,
}: {
  modelId: string;
  modelCode: string;
  timeZone: string;
  unlocked: boolean;
  /** Overall Trend point clicks: the sensor-point notes hook (spec 03 §2.16). */
  onPointClick?: ((point: OverallTrendPoint) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PlotTab>('trend');
  const common = { modelId, modelCode, timeZone };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('rvs.plots')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('rvs.plots')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: PlotTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
        aria-label={t('rvs.plots')}
      >
        {TABS.map((one) => {
          const locked = !unlocked && LOCKABLE.includes(one);
          return (
            <Tab
              key={one}
              value={one}
              label={t(`rvs.tabs.${one}`)}
              icon={locked ? <LockOutlined fontSize="small" aria-label={t('rvs.locked')} /> : undefined}
              iconPosition="end"
              sx={locked ? { color: 'text.disabled' } : undefined}
            />
          );
        })}
      </Tabs>
      {tab === 'trend' ? <OverallTrend {...common} onPointClick={onPointClick} /> : null}
      {tab === 'spectrum' ? <SpectrumTab {...common} /> : null}
      {tab === 'waterfall' ? <WaterfallTab modelId={modelId} timeZone={timeZone} /> : null}
      {tab === 'waveform' ? <WaveformTab {...common} threeD={false} /> : null}
      {tab === 'waveform3d' ? <WaveformTab {...common} threeD /> : null}
      {tab === 'parameterTrend' ? <ParameterTrend {...common} unlocked={unlocked} /> : null}
      {tab === 'failureHistory' ? <FailureHistory {...common} unlocked={unlocked} /> : null}
    </Paper>
  );
}
