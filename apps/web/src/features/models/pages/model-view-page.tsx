import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFollowRouteCompany } from '../../../lib/follow-route-company.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { resolveTimeZone } from '../../../lib/time.ts';
import { useModelSummary } from '../../model-views/api/get-model-summary.ts';
import { useRefreshModelView } from '../../model-views/api/keys.ts';
import { ModelViewShell } from '../../model-views/shell/model-view-shell.tsx';
import { RvsLogo } from '../../model-views/shell/rvs-logo.tsx';
import { useModel } from '../api/get-model.ts';
import { modelsKeys } from '../api/keys.ts';
import { BackToCompany } from '../components/back-to-company.tsx';
import { ModelBreadcrumb } from '../components/model-breadcrumb.tsx';
import { ModelQueryState } from '../components/model-query-state.tsx';

// The body's chunk (type views, panels, chart code) starts downloading as soon as this page's chunk runs, beside
// the model's requests; the header does not wait for it.
const bodyModule = import('./model-view-body.tsx');
const ModelViewBody = lazy(async () => ({ default: (await bodyModule).ModelViewBody }));

/**
 * Its children once the page around them has been drawn, rendered as a transition (React yields to the browser
 * while it builds them). The header with the model's name paints first instead of after the whole page (issue 29:
 * the name was the mobile LCP, drawn with every panel in one long render).
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}

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
  const refreshView = useRefreshModelView();
  const queryClient = useQueryClient();
  // The model's company becomes the selected one, so the header's alarm bell and logo speak of it.
  useFollowRouteCompany(model.data?.companyId);

  // The header waits for the summary too: its status and 'since' line arriving after the name wrapped the header
  // and pushed the page down (issue 29: layout shift). Both are asked for at once, by the route.
  if (!model.data || summary.isPending) {
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
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <ModelViewBody detail={detail} timeZone={timeZone} />
          </Suspense>
        </AfterFirstPaint>
      </ModelViewShell>
    </>
  );
}
