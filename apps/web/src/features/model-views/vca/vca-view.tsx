import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonitoringDashboard } from '../shared/monitoring-dashboard.tsx';
import { OverallStatus } from '../shared/overall-status.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { CurrentAnalysis } from './current-analysis.tsx';
import { RemainingLife } from './remaining-life.tsx';
import { TrendSignal } from './trend-signal.tsx';
import { VcaDiagram } from './vca-diagram.tsx';

type VcaTab = 'trend' | 'current' | 'life';

/**
 * VCA body (spec 02 §2.5–2.7): Overall Status with the drive diagram, the configuration information, and the
 * Monitoring Dashboard tabs Trend Signal, Current Analysis and Remaining Life.
 */
export function VcaView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<VcaTab>('trend');
  const props = { modelId: model.id, modelCode: model.modelCode, timeZone };
  return (
    <Stack spacing={2}>
      <OverallStatus modelId={model.id} diagram={<VcaDiagram modelId={model.id} />} />
      {configuration}
      <MonitoringDashboard title={t('vcaEvs.monitoringDashboard')}>
        <Tabs
          value={tab}
          onChange={(_, next: VcaTab) => setTab(next)}
          sx={{ mb: 2 }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('vcaEvs.monitoringDashboard')}
        >
          <Tab value="trend" label={t('vcaEvs.trendSignal')} />
          <Tab value="current" label={t('vcaEvs.currentAnalysis')} />
          <Tab value="life" label={t('vcaEvs.remainingLife')} />
        </Tabs>
        {tab === 'trend' ? <TrendSignal {...props} /> : null}
        {tab === 'current' ? <CurrentAnalysis {...props} /> : null}
        {tab === 'life' ? <RemainingLife {...props} /> : null}
      </MonitoringDashboard>
    </Stack>
  );
}
