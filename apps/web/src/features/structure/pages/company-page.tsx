import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { resolveTimeZone } from '../../../lib/time.ts';
import { AlarmPrecisionPanel } from '../../fault-events/components/alarm-precision-panel.tsx';
import { useMcaOverallStatus } from '../api/get-mca-overall-status.ts';
import { useOverallStatus } from '../api/get-overall-status.ts';
import { useOverview } from '../api/get-overview.ts';
import { useVcaOverallStatus } from '../api/get-vca-overall-status.ts';
import { ModelStatusTable } from '../components/model-status-table.tsx';
import { OverviewSection } from '../components/overview-section.tsx';
import { type OverviewView, readView, writeView } from '../components/overview-table-logic.ts';
import { PartStatusTables } from '../components/part-status-tables.tsx';
import { FolderViewPage } from './folder-view-page.tsx';

/**
 * `/company/:id`: the company's overview (its dashboard), or with `?folderSelect={folderId}` the folder view
 * of that folder (FolderViewPage), where side-tree clicks on folders lead. The overview's count cards filter its
 * model table and its columns sort it; `?status=&sort=&dir=` keep that view.
 *
 * The sections come top down, each once those above it have their rows (the model table's, then the MCA and VCA
 * tables', then the map and the alarm precision): a section drawn early would be pushed down as the ones above it
 * fill (issue 29: layout shift); the sections load together and are only shown in order.
 */
export function CompanyPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const folderId = search.get('folderSelect');
  if (folderId) return <FolderViewPage companyId={id} folderId={folderId} />;
  return <CompanyOverview companyId={id} />;
}

function CompanyOverview({ companyId: id }: { companyId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { me } = useSession();
  const overview = useOverview({ companyId: id, folderId: null });
  const modelTableIn = !useOverallStatus(id).isPending;
  const mcaIn = !useMcaOverallStatus(id).isPending;
  const vcaIn = !useVcaOverallStatus(id).isPending;
  const company = findCompany(me, id);
  const view = readView(search);
  // The view lives in the address, so a link or a reload shows the same rows in the same order.
  const setView = (next: OverviewView) => setSearch(writeView(search, next), { replace: true });
  return (
    <>
      <PageHeader title={t('pages.companyPage')} subtitle={company?.title} />
      <OverviewSection
        companyId={id}
        folderId={null}
        filter={{ status: view.status, onStatus: (status) => setView({ ...view, status }) }}
        models={
          <>
            <ModelStatusTable
              companyId={id}
              timeZone={resolveTimeZone(company?.time_zone)}
              view={view}
              onViewChange={setView}
            />
            {modelTableIn ? <PartStatusTables companyId={id} /> : null}
          </>
        }
        modelsReady={modelTableIn && mcaIn && vcaIn}
      />
      {!overview.isPending && modelTableIn && mcaIn && vcaIn ? (
        <AlarmPrecisionPanel scope={{ companyId: id }} />
      ) : null}
    </>
  );
}
