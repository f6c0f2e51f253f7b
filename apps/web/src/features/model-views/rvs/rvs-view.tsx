import Stack from '@mui/material/Stack';
import { OverallStatus } from '../shared/overall-status.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';
import { useMachineStatus } from './api/get-machine-status.ts';
import { MachineStatus, RvsDiagram } from './machine-status.tsx';
import { Plots } from './plots.tsx';
import { PredictedFailures } from './predicted-failures.tsx';
import { SensorDetail } from './sensor-detail.tsx';
import { useRvsUnlocked } from './use-rvs-unlocked.ts';

/**
 * RVS body (spec 03 §2.3): Overall Status with the train diagram, Machine Status, Machine Information (the
 * configuration accordion), Sensor Detail, Predicted Failures and Recommendations, and the Plots. The Fault Event
 * Alarm and Note panels follow below every model page.
 *
 * The train of the diagram comes with the machine status; what follows it loads meanwhile but is shown only with
 * it, or the train would push it down after it is drawn (issue 29: layout shift).
 */
export function RvsView({ model, timeZone, configuration }: ModelTypeViewProps) {
  const unlocked = useRvsUnlocked(model.companyId);
  const statusPending = useMachineStatus(model.id).isPending;
  return (
    <Stack spacing={2}>
      <OverallStatus
        modelId={model.id}
        diagram={
          <RvsDiagram modelId={model.id} diagramUrl={model.settings.rvs_diagram_in?.diagram_url ?? null} />
        }
      />
      <Stack spacing={2} sx={{ visibility: statusPending ? 'hidden' : undefined }}>
        <MachineStatus modelId={model.id} />
        {configuration}
        <SensorDetail modelId={model.id} />
        <PredictedFailures modelId={model.id} unlocked={unlocked} />
        <Plots modelId={model.id} modelCode={model.modelCode} timeZone={timeZone} unlocked={unlocked} />
      </Stack>
    </Stack>
  );
}
