import Stack from '@mui/material/Stack';
import { OverallStatus } from '../shared/overall-status.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { MachineStatus, RvsDiagram } from './machine-status.tsx';
import { Plots } from './plots.tsx';
import { PredictedFailures } from './predicted-failures.tsx';
import { SensorDetail } from './sensor-detail.tsx';
import { useRvsUnlocked } from './use-rvs-unlocked.ts';

/**
 * RVS body (spec 03 §2.3): Overall Status with the train diagram, Machine Status, Machine Information (the
 * configuration accordion), Sensor Detail, Predicted Failures and Recommendations, and the Plots. The Fault Event
 * Alarm and Note panels follow below every model page.
 */
export function RvsView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const unlocked = useRvsUnlocked(model.companyId);
  return (
    <Stack spacing={2}>
      <OverallStatus
        modelId={model.id}
        diagram={
          <RvsDiagram modelId={model.id} diagramUrl={model.settings.rvs_diagram_in?.diagram_url ?? null} />
        }
      />
      <MachineStatus modelId={model.id} />
      {configuration}
      <SensorDetail modelId={model.id} />
      <PredictedFailures modelId={model.id} unlocked={unlocked} />
      <Plots modelId={model.id} modelCode={model.modelCode} timeZone={timeZone} unlocked={unlocked} />
    </Stack>
  );
}
