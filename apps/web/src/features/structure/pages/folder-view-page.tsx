import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useQuery } from '../../../lib/use-query.ts';
import { treeQueryOptions } from '../api/get-tree.ts';
import { OverviewSection } from '../components/overview-section.tsx';
import { findTreeNode } from '../tree-rows.ts';

type FolderViewPageProps = { companyId: string; folderId: string };

/** The folder view: the overview of one folder, titled with its path in the tree. */
export function FolderViewPage({ companyId, folderId }: FolderViewPageProps) {
  const { t } = useTranslation();
  // The side tree has loaded this already; the page only reads the folder's name from it.
  const folder = useQuery({
    ...treeQueryOptions(companyId),
    select: (root) => findTreeNode(root, folderId),
  });
  return (
    <>
      <PageHeader title={t('structure.overview.folderTitle')} subtitle={folder.data?.path.join(' / ')} />
      <OverviewSection companyId={companyId} folderId={folderId} />
    </>
  );
}
