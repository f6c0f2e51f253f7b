import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrSummary } from '../api/get-tr-summary.ts';
import { MonitoringDashboard } from '../shared/monitoring-dashboard.tsx';
import { OverallStatus } from '../shared/overall-status.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { AdvanceAnalysis } from './advance/advance-analysis.tsx';
import { CorrelationTab } from './correlation/correlation-tab.tsx';
import { HealthMonitoring } from './health-monitoring.tsx';
import { TransformerPanels } from './panels/transformer-panels.tsx';
import { TransformerDiagram } from './transformer-diagram.tsx';

/**
 * Transformer body (spec 02 §2.4, §2.6). Overall Status: the diagram with its badges. Monitoring Dashboard: Health Monitoring, the sensor types of each
 * secondary tab, one trend per tag with its warning and alarm lines. Image and Document tabs, panels A–J,
 * Advance analysis and Correlation follow (issue 12 items 4, 5).
 *
 * The diagram and panels A–J come with the transformer's summary; what follows them loads meanwhile but is shown
 * only with them, or the panels would push it down after it is drawn (issue 29: layout shift).
 */
export function TransformerView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('health');
  const summaryPending = useTrSummary(model.id).isPending;
  return (
    <Stack spacing={2}>
      <OverallStatus modelId={model.id} diagram={<TransformerDiagram modelId={model.id} />} />
      <TransformerPanels modelId={model.id} />
      <Stack spacing={2} sx={{ visibility: summaryPending ? 'hidden' : undefined }}>
        {configuration}
        <MonitoringDashboard title={t('vcaEvs.monitoringDashboard')}>
          <Tabs value={tab} onChange={(_, next: string) => setTab(next)} sx={{ mb: 2 }}>
            <Tab value="health" label={t('modelView.healthMonitoring')} />
            <Tab value="advance" label={t('txAnalysis.advance')} />
            <Tab value="correlation" label={t('txAnalysis.correlationTab')} />
          </Tabs>
          {tab === 'health' ? (
            <HealthMonitoring
              modelId={model.id}
              modelTypeId={model.equipmentModelTypeId}
              timeZone={timeZone}
            />
          ) : null}
          {tab === 'advance' ? <AdvanceAnalysis modelId={model.id} timeZone={timeZone} /> : null}
          {tab === 'correlation' ? <CorrelationTab modelId={model.id} timeZone={timeZone} /> : null}
        </MonitoringDashboard>
      </Stack>
    </Stack>
  );
}
