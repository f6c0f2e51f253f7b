import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { OverviewSection } from '../components/overview-section.tsx';
import { FolderViewPage } from './folder-view-page.tsx';

/**
 * `/company/:id`: the company's overview (its dashboard), or with `?folderSelect={folderId}` the folder view
 * of that folder (FolderViewPage), where side-tree clicks on folders lead.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { me } = useSession();
  const folderId = search.get('folderSelect');
  if (folderId) return <FolderViewPage companyId={id} folderId={folderId} />;
  const company = findCompany(me, id);
  return (
    <>
      <PageHeader title={t('pages.companyPage')} subtitle={company?.title} />
      <OverviewSection companyId={id} folderId={null} />
    </>
  );
}
