import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { BackToCompany } from '../components/back-to-company.tsx';

/** `/setting/model/:id`: settings of an online model. */
export function SettingModelPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.settingModel')} actions={<BackToCompany />} />
      <EmptyState message={t('models.settingEmpty')} />
    </>
  );
}
