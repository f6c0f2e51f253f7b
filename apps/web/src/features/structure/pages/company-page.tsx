import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { findCompany, useSession } from '../../../lib/session.tsx';

/** `/company/:id`: the folder view of a company. */
export function CompanyPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { me } = useSession();
  const company = findCompany(me, id);
  return (
    <>
      <PageHeader title={t('pages.companyPage')} subtitle={company?.title} />
      <EmptyState message={t('structure.empty')} />
    </>
  );
}
