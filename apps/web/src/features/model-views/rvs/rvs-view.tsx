import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPanel, usePaintedOnce } from '../../../components/charts/when-visible.tsx';
import { OverallStatus } from '../shared/overall-status.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { useMachineStatus } from './api/get-machine-status.ts';
import { MachineStatus, RvsDiagram } from './machine-status.tsx';
import { PredictedFailures } from './predicted-failures.tsx';
import { SensorDetail } from './sensor-detail.tsx';
import { useRvsUnlocked } from './use-rvs-unlocked.ts';

// The Plots panel (seven tabs of charts) is a chunk of its own, mounted as it nears the screen (issue 29: mounted
// with the body, its tabs and Overall Trend were a third of the render that held back the machine diagram, the
// phone's largest picture, for a panel 1,000 px below the first screen).
const loadPlots = () => import('./plots.tsx');
const Plots = lazy(() => loadPlots().then((module) => ({ default: module.Plots })));

/**
 * RVS body (spec 03 §2.3): Overall Status with the train diagram, Machine Status, Machine Information (the
 * configuration accordion), Sensor Detail, Predicted Failures and Recommendations, and the Plots. The Fault Event
 * Alarm and Note panels follow below every model page.
 *
 * The train of the diagram comes with the machine status; what follows it loads meanwhile but is shown only with
 * it, or the train would push it down after it is drawn (issue 29: layout shift). It is mounted once the browser has
 * painted the Overall Status: the machine diagram is a phone's largest picture (its LCP), and rendering everything
 * below it in the same commit held its paint back by a 180-ms task (4× CPU).
 */
export function RvsView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const { t } = useTranslation();
  const unlocked = useRvsUnlocked(model.companyId);
  const statusPending = useMachineStatus(model.id).isPending;
  const painted = usePaintedOnce();
  return (
    <Stack spacing={2}>
      <OverallStatus
        modelId={model.id}
        diagram={
          <RvsDiagram modelId={model.id} diagramUrl={model.settings.rvs_diagram_in?.diagram_url ?? null} />
        }
      />
      {painted ? (
        <Stack spacing={2} sx={{ visibility: statusPending ? 'hidden' : undefined }}>
          <MachineStatus modelId={model.id} />
          {configuration}
          <SensorDetail modelId={model.id} />
          <PredictedFailures modelId={model.id} unlocked={unlocked} />
          <DeferredPanel label={t('rvs.plots')} minHeight={{ xs: 1150, md: 860 }} load={loadPlots}>
            <Plots modelId={model.id} modelCode={model.modelCode} timeZone={timeZone} unlocked={unlocked} />
          </DeferredPanel>
        </Stack>
      ) : (
        // Until then a screen's height stands in for it, so the panels below the body stay off a phone's screen
        // and wait to be scrolled near (DeferredPanel) instead of mounting at once.
        <Box sx={{ minHeight: '100vh' }} aria-hidden />
      )}
    </Stack>
  );
}
