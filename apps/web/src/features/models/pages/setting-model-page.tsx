import type { ModelSettings } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { canIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useModel } from '../api/get-model.ts';
import { usePersistence } from '../api/get-persistence.ts';
import { BackToCompany } from '../components/back-to-company.tsx';
import { ModelQueryState } from '../components/model-query-state.tsx';
import { ModelSettingsForm } from '../components/model-settings-form.tsx';

/**
 * `/setting/model/:id` ('Setting Model Online'): the edit form of an online model. Who may not configure models
 * (ConfigDataModelInfo) is taken to the model's view page instead.
 */
export function SettingModelPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useSession();
  const model = useModel(id);
  // Older models may carry no persistence of their own: the form then starts from the type's default.
  const needsPersistence = model.data !== undefined && model.data.settings.alarm_management === undefined;
  const persistence = usePersistence(id, needsPersistence);

  const header = (
    <PageHeader
      title={t('pages.settingModel')}
      subtitle={
        model.data
          ? t('models.codeAndType', { code: model.data.modelCode, type: model.data.equipmentModelType.title })
          : undefined
      }
      actions={<BackToCompany />}
    />
  );

  if (!model.data || (needsPersistence && persistence.isPending)) {
    return (
      <>
        {header}
        <ModelQueryState query={model} />
      </>
    );
  }
  if (!canIn(me, model.data.companyId, 'ConfigDataModelInfo'))
    return <Navigate to={`/model/${id}`} replace />;

  const initial: ModelSettings = {
    ...model.data.settings,
    alarm_management: model.data.settings.alarm_management ?? persistence.data,
  };
  return (
    <>
      {header}
      {/* Keyed by model: another model's form starts afresh, while a reload of this one keeps the edits. */}
      <ModelSettingsForm key={model.data.id} model={model.data} initial={initial} />
    </>
  );
}
