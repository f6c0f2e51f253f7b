import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfigurationAccordion } from '../../../components/configuration-accordion.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { canIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useModel } from '../api/get-model.ts';
import { useReloadModel } from '../api/keys.ts';
import { useUpdateConfigurationValue } from '../api/update-configuration-value.ts';
import { BackToCompany } from '../components/back-to-company.tsx';
import { ModelQueryState } from '../components/model-query-state.tsx';
import { informationTitle } from '../rules/information-title.ts';

/** `/model/:id`: the dashboard of an online model; for now its configuration information. */
export function ModelViewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useSession();
  const model = useModel(id);
  const reload = useReloadModel();
  const updateValue = useUpdateConfigurationValue();

  if (!model.data) {
    return (
      <>
        <PageHeader title={t('pages.modelView')} actions={<BackToCompany />} />
        <ModelQueryState query={model} />
      </>
    );
  }
  const detail = model.data;
  return (
    <>
      <PageHeader
        title={detail.title}
        subtitle={t('models.codeAndType', { code: detail.modelCode, type: detail.equipmentModelType.title })}
        actions={<BackToCompany />}
      />
      <Stack spacing={2}>
        <ConfigurationAccordion
          title={informationTitle(t, detail.equipmentModelTypeId, detail.equipmentModelType.title)}
          items={detail.equipmentModelConfiguration.filter((item) => item.selected)}
          editable={canIn(me, detail.companyId, 'ConfigDataModelInfo')}
          onSaveValue={(configurationId, value) => updateValue.mutateAsync({ configurationId, value })}
          onSaved={() => void reload(detail.id)}
        />
        <EmptyState message={t('models.viewEmpty')} />
      </Stack>
    </>
  );
}
