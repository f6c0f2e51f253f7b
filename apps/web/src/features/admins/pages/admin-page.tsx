import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** `/user/admin`: platform administrators ('Setting Admin'). */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.admin')} />
      <EmptyState message={t('admins.empty')} />
    </>
  );
}
