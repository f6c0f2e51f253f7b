import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ModelDetail, ModelSettings } from '@sdp/contracts';
import { type ComponentProps, type SetStateAction, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DialogMessage, MessageDialog } from '../../../components/message-dialog.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { modelExportUrl } from '../api/export-model.ts';
import { type AlarmLimitGroup, type SensorType, useAlarmLimitMaster } from '../api/get-alarm-limit-master.ts';
import { useConfigurationInformations } from '../api/get-configuration-informations.ts';
import { useReloadModel } from '../api/keys.ts';
import { useUpdateModel } from '../api/update-model.ts';
import { useUploadRecommendation } from '../api/upload-recommendation.ts';
import { EVS, MCA, RVS, TRANSFORMER, toUpdatePayload, VCA } from '../rules/sections.ts';
import type { RvsDefaults } from '../rules/sensor-rows.ts';
import { isValid, validateModelSettings } from '../rules/validation.ts';
import { AlarmLimitTable } from './alarm-limit-table.tsx';
import { AlarmManagementSection } from './alarm-management-section.tsx';
import { BaselineSection } from './baseline-section.tsx';
import { ConfigurationSection } from './configuration-section.tsx';
import { CorrelationTable } from './correlation-table.tsx';
import { LocusTable } from './locus-table.tsx';
import { MotorDataSection } from './motor-data-section.tsx';
import { RawVibrationSensorSection } from './raw-vibration-sensor-section.tsx';
import { RecommendationSection } from './recommendation-section.tsx';
import { RemainingLifeSection } from './remaining-life-section.tsx';
import { DiagramSection, RvsInformationSection } from './rvs-sections.tsx';
import { SettingHeader } from './setting-header.tsx';
import { VibrationSensorTable } from './vibration-sensor-table.tsx';

/** The sections that are tables of alarm limit rows without extra fields. */
type LimitSection =
  | 'alarm_limit_sensor_new_in'
  | 'mca_alarm_limit_sensor_new'
  | 'vsd_tag_alarm_limit_in'
  | 'vsd_trend_signal_alarm_limit_sensor';

type ModelSettingsFormProps = {
  model: ModelDetail;
  /** The form as it starts: the model's settings, with the type's persistence when the model has none. */
  initial: ModelSettings;
};

const groupCode = (groups: readonly AlarmLimitGroup[], code: string) =>
  groups.find((group) => group.code === code)?.sensorTypes ?? [];

/** The default limits of a new RVS sensor, from the RVS sensor types (velocity, acceleration, envelope …). */
function rvsDefaults(sensors: readonly SensorType[]): RvsDefaults {
  const defaults: RvsDefaults = {};
  for (const sensor of sensors) {
    if (sensor.warning === null || sensor.alarm === null) continue;
    const key = sensor.tagCode as keyof RvsDefaults;
    defaults[key] = { warning: sensor.warning, alarm: sensor.alarm };
  }
  return defaults;
}

/**
 * The Edit Online Model form (spec 02 §2.2): a local copy of the update form with the sections of the model's
 * type. Saving uploads a staged recommendation file, saves, shows the view page and reloads the tree.
 */
export function ModelSettingsForm({ model, initial }: ModelSettingsFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const reload = useReloadModel();
  const updateModel = useUpdateModel();
  const uploadRecommendation = useUploadRecommendation();
  const typeId = model.equipmentModelTypeId;
  const master = useAlarmLimitMaster(typeId);
  const informations = useConfigurationInformations(typeId);
  const [draft, setDraft] = useState(initial);
  const [staged, setStaged] = useState<File | null>(null);
  const [failure, setFailure] = useState<DialogMessage | null>(null);

  const groups = master.data ?? [];
  const sensorTypes = useMemo(
    () =>
      new Map((master.data ?? []).flatMap((group) => group.sensorTypes).map((sensor) => [sensor.id, sensor])),
    [master.data],
  );
  const errors = useMemo(
    () =>
      validateModelSettings(draft, {
        modelTypeId: typeId,
        directionOf: (sensorTypeId) => sensorTypes.get(sensorTypeId)?.direction ?? 'high',
      }),
    [draft, sensorTypes, typeId],
  );
  const pending = updateModel.isPending || uploadRecommendation.isPending;

  const section =
    <Key extends keyof ModelSettings>(key: Key) =>
    (action: SetStateAction<ModelSettings[Key]>) =>
      setDraft((current) => ({
        ...current,
        [key]:
          typeof action === 'function'
            ? (action as (previous: ModelSettings[Key]) => ModelSettings[Key])(current[key])
            : action,
      }));
  const modelIn = (changes: Partial<ModelSettings['model_in']>) =>
    setDraft((current) => ({ ...current, model_in: { ...current.model_in, ...changes } }));

  const handleSubmit = async () => {
    if (!isValid(errors) || pending) return;
    try {
      if (staged) {
        await uploadRecommendation.mutateAsync({
          modelId: model.id,
          modelCode: model.modelCode,
          file: staged,
        });
        // Uploaded: a save that fails next must not send it again.
        setStaged(null);
      }
      await updateModel.mutateAsync({ modelId: model.id, settings: toUpdatePayload(draft, typeId) });
      feedback.success(t('models.saved'));
      void navigate(`/model/${model.id}`);
    } catch (error) {
      setFailure({
        title: t('models.errorTitle'),
        message: describeFailure(error, t('models.saveFailed'), t),
        severity: 'error',
      });
    }
  };

  const handleCancel = () => {
    void reload(model.id);
    void navigate(`/model/${model.id}`);
  };

  const configuration = (
    <ConfigurationSection
      items={informations.data ?? []}
      selected={draft.configuration_in}
      onChange={section('configuration_in')}
    />
  );
  const alarmManagement = (
    <AlarmManagementSection
      value={draft.alarm_management}
      onChange={section('alarm_management')}
      errors={errors}
    />
  );
  // Every type but the transformer learns baselines of its monitored values (docs/baselines.md).
  const baseline = (
    <BaselineSection value={draft.baseline_in} onChange={section('baseline_in')} errors={errors} />
  );
  const recommendation = (
    <RecommendationSection
      modelId={model.id}
      currentFileName={model.recommendationFileName}
      staged={staged}
      onStage={setStaged}
    />
  );
  const limitTable = (
    key: LimitSection,
    title: string,
    options: Pick<ComponentProps<typeof AlarmLimitTable>, 'groups' | 'applyAll' | 'typeOptions'> = {},
  ) => (
    <AlarmLimitTable
      section={key}
      title={title}
      rows={draft[key]}
      onChange={section(key)}
      sensorTypes={sensorTypes}
      errors={errors}
      {...options}
    />
  );
  const motorData = (title: string) => (
    <MotorDataSection
      title={title}
      rows={draft.motor_data_in}
      onChange={section('motor_data_in')}
      items={informations.data ?? []}
      errors={errors}
    />
  );

  return (
    <Box>
      <SettingHeader
        modelIn={draft.model_in}
        onChange={modelIn}
        titleError={errors['model_in.title']}
        valid={isValid(errors)}
        pending={pending}
        exportHref={modelExportUrl(model.id, model.modelCode)}
        onCancel={handleCancel}
        onSubmit={() => void handleSubmit()}
      />
      <Stack spacing={2}>
        {typeId === TRANSFORMER ? (
          <>
            {configuration}
            <LocusTable
              rows={draft.v_and_i_locus_in}
              onChange={section('v_and_i_locus_in')}
              errors={errors}
            />
            {limitTable('alarm_limit_sensor_new_in', t('models.sections.alarmLimit'), { groups })}
            <CorrelationTable
              rows={draft.q_setting_in}
              onChange={section('q_setting_in')}
              sensorTypes={[...sensorTypes.values()]}
              errors={errors}
            />
            {recommendation}
            {alarmManagement}
          </>
        ) : null}
        {typeId === MCA ? (
          <>
            {configuration}
            {alarmManagement}
            {baseline}
            {motorData(t('models.sections.motorData'))}
            {limitTable('mca_alarm_limit_sensor_new', t('models.sections.alarmLimit'), {
              groups,
              applyAll: true,
            })}
            {recommendation}
          </>
        ) : null}
        {typeId === VCA ? (
          <>
            {configuration}
            {alarmManagement}
            {baseline}
            {motorData(t('models.sections.motorVsdData'))}
            <RemainingLifeSection
              rows={draft.vsd_alarm_limit_sensor_new_in}
              onChange={section('vsd_alarm_limit_sensor_new_in')}
              sensorTypes={sensorTypes}
              errors={errors}
            />
            {limitTable('vsd_tag_alarm_limit_in', t('models.sections.vsdTag'), {
              typeOptions: groupCode(groups, 'vsd'),
            })}
            {limitTable('vsd_trend_signal_alarm_limit_sensor', t('models.sections.trendSignal'))}
            {recommendation}
          </>
        ) : null}
        {typeId === EVS ? (
          <>
            {configuration}
            {alarmManagement}
            {baseline}
            <VibrationSensorTable
              rows={draft.vibration_sensor_in}
              onChange={section('vibration_sensor_in')}
              errors={errors}
            />
            {recommendation}
          </>
        ) : null}
        {typeId === RVS ? (
          <>
            <RvsInformationSection
              realtimeReport={draft.model_in.isRVSRealtimeReport}
              onChange={(isRVSRealtimeReport) => modelIn({ isRVSRealtimeReport })}
            />
            {configuration}
            {alarmManagement}
            {baseline}
            <RawVibrationSensorSection
              rows={draft.raw_vibration_sensor_in}
              onChange={section('raw_vibration_sensor_in')}
              defaults={rvsDefaults([...sensorTypes.values()])}
              units={Object.fromEntries(
                [...sensorTypes.values()].map((sensor) => [sensor.tagCode, sensor.unit]),
              )}
              errors={errors}
            />
            <DiagramSection
              companyId={model.companyId}
              url={draft.rvs_diagram_in.diagram_url}
              onChange={(diagram_url) => section('rvs_diagram_in')({ diagram_url })}
            />
          </>
        ) : null}
      </Stack>
      <MessageDialog message={failure} onClose={() => setFailure(null)} />
    </Box>
  );
}
