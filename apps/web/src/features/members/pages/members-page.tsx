import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { findCompany, useSession } from '../../../lib/session.tsx';

/** `/company/:id/members`: members of a company; the company title may come in the `title` query. */
export function MembersPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const { me } = useSession();
  const subtitle = searchParams.get('title') ?? findCompany(me, id)?.title;
  return (
    <>
      <PageHeader title={t('pages.members')} subtitle={subtitle} />
      <EmptyState message={t('members.empty')} />
    </>
  );
}
