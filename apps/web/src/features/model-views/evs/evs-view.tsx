import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { MonitoringDashboard } from '../shared/monitoring-dashboard.tsx';
import { OverallStatus } from '../shared/overall-status.tsx';
import { SeriesTrends } from '../shared/series-trends.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { EvsCurrentAnalysis } from './evs-current-analysis.tsx';
import { EvsDiagram } from './evs-diagram.tsx';

type EvsTab = 'current' | 'trend';

/**
 * EVS body (spec 02 §2.5–2.7): Overall Status with the machine train and the Sensor Detail panel, the
 * configuration information, and the Monitoring Dashboard tabs Current Analysis and Trend.
 */
export function EvsView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<EvsTab>('current');
  return (
    <Stack spacing={2}>
      <OverallStatus modelId={model.id} diagram={<EvsDiagram modelId={model.id} timeZone={timeZone} />} />
      {configuration}
      <MonitoringDashboard title={t('vcaEvs.monitoringDashboard')}>
        <Tabs
          value={tab}
          onChange={(_, next: EvsTab) => setTab(next)}
          sx={{ mb: 2 }}
          aria-label={t('vcaEvs.monitoringDashboard')}
        >
          <Tab value="current" label={t('vcaEvs.currentAnalysis')} />
          <Tab value="trend" label={t('modelView.trend')} />
        </Tabs>
        {tab === 'current' ? (
          <EvsCurrentAnalysis modelId={model.id} modelCode={model.modelCode} timeZone={timeZone} />
        ) : null}
        {tab === 'trend' ? (
          <SeriesTrends
            modelId={model.id}
            timeZone={timeZone}
            excelFileName={excelFileName({ kind: 'tab', modelCode: model.modelCode, tab: 'trend' })}
          />
        ) : null}
      </MonitoringDashboard>
    </Stack>
  );
}
