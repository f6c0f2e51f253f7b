import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInputButton } from '../../../components/file-input-button.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { recommendationDownloadUrl } from '../api/download-recommendation.ts';
import { isExcelFile, RECOMMENDATION_ACCEPT } from '../rules/recommendation-file.ts';
import { SettingSection } from './setting-section.tsx';

type RecommendationSectionProps = {
  modelId: string;
  /** The name of the workbook in use, if one was uploaded. */
  currentFileName: string | null;
  staged: File | null;
  onStage: (file: File | null) => void;
};

/**
 * Recommendation Message: the Excel workbook of cause and remedy per tag. A chosen file is only staged here; it is
 * uploaded when the form is saved (spec 02 §4).
 */
export function RecommendationSection({
  modelId,
  currentFileName,
  staged,
  onStage,
}: RecommendationSectionProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire again.
    event.target.value = '';
    if (!file) {
      feedback.warning(t('models.recommendation.noFile'));
      return;
    }
    if (!isExcelFile(file)) {
      feedback.warning(t('models.recommendation.wrongType'));
      return;
    }
    onStage(file);
  };

  return (
    <SettingSection title={t('models.sections.recommendation')} description={t('models.recommendation.hint')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {currentFileName
            ? t('models.recommendation.current', { name: currentFileName })
            : t('models.recommendation.none')}
        </Typography>
        <Button
          component="a"
          href={recommendationDownloadUrl(modelId)}
          download
          startIcon={<FileDownloadOutlined />}
        >
          {t('models.recommendation.download')}
        </Button>
        <FileInputButton
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          accept={RECOMMENDATION_ACCEPT}
          inputLabel={t('models.recommendation.fileInput')}
          onChange={handleFile}
        >
          {t('models.recommendation.choose')}
        </FileInputButton>
        {staged ? (
          <Chip
            label={t('models.recommendation.staged', { name: staged.name })}
            onDelete={() => onStage(null)}
            deleteIcon={<CloseOutlined aria-label={t('models.recommendation.unstage')} />}
          />
        ) : null}
      </Box>
    </SettingSection>
  );
}
