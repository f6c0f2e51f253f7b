import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { BackToCompany } from '../components/back-to-company.tsx';

/** `/model/:id`: the dashboard of an online model. */
export function ModelViewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.modelView')} actions={<BackToCompany />} />
      <EmptyState message={t('models.viewEmpty')} />
    </>
  );
}
