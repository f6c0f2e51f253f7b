import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfigurationAccordion } from '../../../components/configuration-accordion.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFollowRouteCompany } from '../../../lib/follow-route-company.ts';
import { canIn } from '../../../lib/permissions.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { resolveTimeZone } from '../../../lib/time.ts';
import { AlarmPrecisionPanel } from '../../fault-events/components/alarm-precision-panel.tsx';
import { FaultEventHistoryLog } from '../../fault-events/components/fault-event-history-log.tsx';
import { FaultEventPanel } from '../../fault-events/components/fault-event-panel.tsx';
import { useModelSummary } from '../../model-views/api/get-model-summary.ts';
import { useRefreshModelView } from '../../model-views/api/keys.ts';
import { ModelTypeView } from '../../model-views/model-type-view.tsx';
import { BaselineStatus } from '../../model-views/shared/baseline-status.tsx';
import { ModelViewShell } from '../../model-views/shell/model-view-shell.tsx';
import { RvsLogo } from '../../model-views/shell/rvs-logo.tsx';
import { NotePanel } from '../../notes/components/note-panel.tsx';
import { CustomizeReportPanel } from '../../reports/components/customize-report-panel.tsx';
import { SensorPointNotesProvider } from '../../sensor-point-notes/components/sensor-point-notes-provider.tsx';
import { StatusHistoryPanel } from '../../status-history/components/status-history-panel.tsx';
import { useModel } from '../api/get-model.ts';
import { modelsKeys, useReloadModel } from '../api/keys.ts';
import { useUpdateConfigurationValue } from '../api/update-configuration-value.ts';
import { BackToCompany } from '../components/back-to-company.tsx';
import { ModelBreadcrumb } from '../components/model-breadcrumb.tsx';
import { ModelQueryState } from '../components/model-query-state.tsx';
import { informationTitle } from '../rules/information-title.ts';

/**
 * `/model/:id`: the page of an online model. The shared shell (name, open fault events, status, Refreshed, refresh
 * and Auto), the body of its type drawn with the chart kit, and its configuration information. Live events, Auto
 * and the refresh button reload everything shown.
 */
export function ModelViewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useSession();
  const model = useModel(id);
  const summary = useModelSummary(id);
  const reload = useReloadModel();
  const refreshView = useRefreshModelView();
  const queryClient = useQueryClient();
  const updateValue = useUpdateConfigurationValue();
  // The model's company becomes the selected one, so the header's alarm bell and logo speak of it.
  useFollowRouteCompany(model.data?.companyId);

  if (!model.data) {
    return (
      <>
        <PageHeader title={t('pages.modelView')} actions={<BackToCompany />} />
        <ModelQueryState query={model} />
      </>
    );
  }
  const detail = model.data;
  const timeZone = resolveTimeZone(findCompany(me, detail.companyId)?.time_zone);
  const refresh = () => {
    void refreshView(detail.id);
    void queryClient.invalidateQueries({ queryKey: modelsKeys.detail(detail.id), exact: true });
  };
  return (
    <>
      <ModelBreadcrumb
        companyId={detail.companyId}
        equipmentId={detail.equipmentId}
        modelTitle={detail.title}
      />
      {/* Keyed by the model: going to another model of the same type starts its page afresh (sensor, data sets,
          searched files), even when that model is still in the cache and the page would otherwise stay mounted. */}
      <ModelViewShell
        key={detail.id}
        name={detail.title}
        marker={detail.equipmentModelTypeId === 5 ? <RvsLogo /> : undefined}
        back={<BackToCompany companyId={detail.companyId} />}
        status={summary.data?.status ?? detail.status}
        alarmSince={summary.data?.alarmSince}
        openFaultEvents={summary.data?.openFaultEvents}
        refreshedAt={summary.dataUpdatedAt || undefined}
        summaryLoading={summary.isFetching}
        timeZone={timeZone}
        onRefresh={refresh}
      >
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
        {/* The MCA Customize Report panel (spec 03 §2.17) follows the MCA body: the page composes features, views do not. */}
        {detail.equipmentModelTypeId === 2 ? (
          <CustomizeReportPanel
            companyId={detail.companyId}
            modelId={detail.id}
            modelCode={detail.modelCode}
            timeZone={timeZone}
          />
        ) : null}
        <FaultEventPanel modelId={detail.id} companyId={detail.companyId} timeZone={timeZone} />
        <StatusHistoryPanel modelId={detail.id} timeZone={timeZone} />
        <AlarmPrecisionPanel scope={{ modelId: detail.id }} />
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
      </ModelViewShell>
    </>
  );
}
