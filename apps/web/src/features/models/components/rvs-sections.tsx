import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { SettingSection } from './setting-section.tsx';

type RvsInformationSectionProps = {
  realtimeReport: boolean;
  onChange: (realtimeReport: boolean) => void;
};

/** RVS Information: whether a report is sent automatically as results come in. */
export function RvsInformationSection({ realtimeReport, onChange }: RvsInformationSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingSection title={t('models.sections.information')}>
      <FormControlLabel
        label={t('models.rvs.realtimeReport')}
        control={<Switch checked={realtimeReport} onChange={(_event, checked) => onChange(checked)} />}
      />
    </SettingSection>
  );
}

type DiagramSectionProps = {
  /** The model's company: the diagram belongs to it. */
  companyId: string;
  url: string | null;
  onChange: (url: string) => void;
};

const DIAGRAM_PREVIEW = { width: 320, height: 200 };

/** The machine diagram of an RVS model: uploaded at once as an image; its address is saved with the form. */
export function DiagramSection({ companyId, url, onChange }: DiagramSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingSection title={t('models.sections.diagram')}>
      {/* The picker centres itself: shrink it to its content so it sits at the start like the other sections. */}
      <Box sx={{ width: 'fit-content' }}>
        <ImagePicker
          kind="equipment-tags"
          companyId={companyId}
          label={t('models.rvs.diagram')}
          value={url}
          onChange={onChange}
          fallback={t('models.rvs.noDiagram')}
          shape="rounded"
          previewSize={DIAGRAM_PREVIEW}
          uploadFailedMessage={t('models.rvs.diagramUploadFailed')}
        />
      </Box>
    </SettingSection>
  );
}
