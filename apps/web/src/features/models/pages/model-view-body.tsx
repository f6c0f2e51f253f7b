import type { ModelDetail } from '@sdp/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredPanel } from '../../../components/charts/when-visible.tsx';
import { ConfigurationAccordion } from '../../../components/configuration-accordion.tsx';
import { canIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { ModelTypeView } from '../../model-views/model-type-view.tsx';
import { BaselineStatus } from '../../model-views/shared/baseline-status.tsx';
import { SensorPointNotesProvider } from '../../sensor-point-notes/components/sensor-point-notes-provider.tsx';
import { useReloadModel } from '../api/keys.ts';
import { useUpdateConfigurationValue } from '../api/update-configuration-value.ts';
import { informationTitle } from '../rules/information-title.ts';

// The panels under the type's body are chunks of their own, fetched when a panel is to mount (issue 29: their code was
// a third of the body's chunk, downloaded and run before the first screen could be drawn, for panels below it).
const panelChunks = {
  customizeReport: () => import('../../reports/components/customize-report-panel.tsx'),
  faultEvents: () => import('../../fault-events/components/fault-event-panel.tsx'),
  statusHistory: () => import('../../status-history/components/status-history-panel.tsx'),
  alarmPrecision: () => import('../../fault-events/components/alarm-precision-panel.tsx'),
  notes: () =>
    Promise.all([
      import('../../notes/components/note-panel.tsx'),
      import('../../fault-events/components/fault-event-history-log.tsx'),
    ]),
};
const CustomizeReportPanel = lazy(() =>
  panelChunks.customizeReport().then((module) => ({ default: module.CustomizeReportPanel })),
);
const FaultEventPanel = lazy(() =>
  panelChunks.faultEvents().then((module) => ({ default: module.FaultEventPanel })),
);
const StatusHistoryPanel = lazy(() =>
  panelChunks.statusHistory().then((module) => ({ default: module.StatusHistoryPanel })),
);
const AlarmPrecisionPanel = lazy(() =>
  panelChunks.alarmPrecision().then((module) => ({ default: module.AlarmPrecisionPanel })),
);
const NotePanel = lazy(() => panelChunks.notes().then(([module]) => ({ default: module.NotePanel })));
const FaultEventHistoryLog = lazy(() =>
  panelChunks.notes().then(([, module]) => ({ default: module.FaultEventHistoryLog })),
);

/**
 * Everything of a model page under its header: the learned baseline, the body of its type with its configuration
 * information, and the panels every model has (fault events, status history, alarm precision, notes). A chunk of
 * its own, loaded while the header's data comes, so the header (the model's name) is drawn without waiting for the
 * type views and their chart code (issue 29: the name was the mobile LCP).
 */
export function ModelViewBody({ detail, timeZone }: { detail: ModelDetail; timeZone: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const reload = useReloadModel();
  const updateValue = useUpdateConfigurationValue();
  return (
    <>
      <BaselineStatus
        modelId={detail.id}
        canReset={canIn(me, detail.companyId, 'ConfigDataModelInfo')}
        learns={detail.equipmentModelTypeId !== 1}
      />
      {/* Sensor point notes reach the type's trends through the chart kit: the page composes, views do not. */}
      <SensorPointNotesProvider modelCode={detail.modelCode} companyId={detail.companyId}>
        <ModelTypeView
          model={detail}
          timeZone={timeZone}
          configuration={
            <ConfigurationAccordion
              title={informationTitle(t, detail.equipmentModelTypeId, detail.equipmentModelType.title)}
              items={detail.equipmentModelConfiguration.filter((item) => item.selected)}
              editable={canIn(me, detail.companyId, 'ConfigDataModelInfo')}
              onSaveValue={(configurationId, value) => updateValue.mutateAsync({ configurationId, value })}
              onSaved={() => void reload(detail.id)}
            />
          }
        />
      </SensorPointNotesProvider>
      {/* The panels under the type's body mount as they near the screen or once the browser is idle after the
          first paint (issue 29: on a phone the first render and requests are what is on screen). */}
      {/* The MCA Customize Report panel (spec 03 §2.17) follows the MCA body: the page composes features, views do not. */}
      {detail.equipmentModelTypeId === 2 ? (
        <DeferredPanel
          label={t('reports.customize.title')}
          minHeight={320}
          load={panelChunks.customizeReport}
        >
          <CustomizeReportPanel
            companyId={detail.companyId}
            modelId={detail.id}
            modelCode={detail.modelCode}
            timeZone={timeZone}
          />
        </DeferredPanel>
      ) : null}
      <DeferredPanel label={t('faultEvents.title')} minHeight={96} load={panelChunks.faultEvents}>
        <FaultEventPanel modelId={detail.id} companyId={detail.companyId} timeZone={timeZone} />
      </DeferredPanel>
      <DeferredPanel label={t('statusHistory.title')} minHeight={320} load={panelChunks.statusHistory}>
        <StatusHistoryPanel modelId={detail.id} timeZone={timeZone} />
      </DeferredPanel>
      <DeferredPanel label={t('alarmOutcomes.title')} minHeight={240} load={panelChunks.alarmPrecision}>
        <AlarmPrecisionPanel scope={{ modelId: detail.id }} />
      </DeferredPanel>
      <DeferredPanel label={t('notes.title')} minHeight={320} load={panelChunks.notes}>
        <NotePanel
          modelId={detail.id}
          timeZone={timeZone}
          history={(range) => (
            <FaultEventHistoryLog
              modelId={detail.id}
              start={range.start}
              end={range.end}
              timeZone={timeZone}
            />
          )}
        />
      </DeferredPanel>
    </>
  );
}
