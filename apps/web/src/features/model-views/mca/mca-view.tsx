import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonitoringDashboard } from '../shared/monitoring-dashboard.tsx';
import { OverallStatus } from '../shared/overall-status.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { CurrentSpectrum } from './current-spectrum.tsx';
import { McaDiagram } from './mca-diagram.tsx';
import { McaSeriesPanel } from './mca-series-panel.tsx';
import { PatternRecognition } from './pattern-recognition.tsx';

type McaTab = 'spectrum' | 'series' | 'frequency' | 'pattern';
const TABS: readonly McaTab[] = ['spectrum', 'series', 'frequency', 'pattern'];

/**
 * MCA body (spec 02 §2.5–§2.7): the motor diagram coloured by the analysis of its currents in the Overall Status
 * panel, the configuration, and the Monitoring Dashboard: Current Spectrum (2D/3D), Time Series Detail, Frequency
 * Detail and Pattern Recognition.
 */
export function McaView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<McaTab>('spectrum');
  return (
    <Stack spacing={2}>
      <OverallStatus modelId={model.id} diagram={<McaDiagram modelId={model.id} timeZone={timeZone} />} />
      {configuration}
      <MonitoringDashboard title={t('mca.dashboard')}>
        <Tabs
          value={tab}
          onChange={(_, next: McaTab) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2 }}
        >
          {TABS.map((one) => (
            <Tab key={one} value={one} label={t(`mca.tabs.${one}`)} />
          ))}
        </Tabs>
        {tab === 'spectrum' ? <CurrentSpectrum modelId={model.id} timeZone={timeZone} /> : null}
        {tab === 'series' ? (
          <McaSeriesPanel
            modelId={model.id}
            modelCode={model.modelCode}
            timeZone={timeZone}
            tabId={21}
            title={t('mca.tabs.series')}
          />
        ) : null}
        {tab === 'frequency' ? (
          <McaSeriesPanel
            modelId={model.id}
            modelCode={model.modelCode}
            timeZone={timeZone}
            tabId={22}
            title={t('mca.tabs.frequency')}
          />
        ) : null}
        {tab === 'pattern' ? (
          <PatternRecognition modelId={model.id} modelCode={model.modelCode} timeZone={timeZone} />
        ) : null}
      </MonitoringDashboard>
    </Stack>
  );
}
