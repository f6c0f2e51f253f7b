import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, type UploadKind } from '../lib/upload-image.ts';
import { useImageUpload } from '../lib/use-image-upload.ts';
import { FileInputButton } from './file-input-button.tsx';

type ImagePickerProps = {
  kind: UploadKind;
  /** Names the picker ('Company logo'): the preview's alternative text and the file input's accessible name. */
  label: string;
  value: string | null;
  onChange: (url: string) => void;
  /** Shown in the preview while there is no image (initials). */
  fallback: string;
  shape?: 'rounded' | 'circular';
  /** A validation message, such as 'This field is required.' */
  error?: string | undefined;
  /** The alert when the upload fails without a message of the server's. */
  uploadFailedMessage: string;
  /** A larger preview for a picture that must be seen whole (a machine diagram); 96 × 96 otherwise. */
  previewSize?: { width: number; height: number };
  /** The company the image belongs to (a model's diagram, a company's logo): only its people see it. */
  companyId?: string | undefined;
};

/**
 * A preview and an upload button for a logo or profile image. Only jpeg, jpg and png are taken (spec 01 §5);
 * the image is uploaded as soon as it is chosen and its URL handed to `onChange`.
 */
export function ImagePicker({
  kind,
  label,
  value,
  onChange,
  fallback,
  shape = 'circular',
  error,
  uploadFailedMessage,
  previewSize,
  companyId,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const upload = useImageUpload(
    kind,
    uploadFailedMessage,
    ([image]) => {
      if (image) onChange(image.url);
    },
    companyId,
  );

  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
      <Avatar
        variant={shape}
        src={value ?? undefined}
        alt={label}
        sx={{
          width: previewSize?.width ?? 96,
          height: previewSize?.height ?? 96,
          fontSize: 32,
          bgcolor: 'primary.main',
          ...(previewSize ? { '& img': { objectFit: 'contain', bgcolor: 'background.paper' } } : {}),
        }}
      >
        {fallback}
      </Avatar>
      <FileInputButton
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraOutlined />}
        loading={upload.pending}
        loadingPosition="start"
        color={error ? 'error' : 'primary'}
        accept={IMAGE_ACCEPT}
        inputLabel={label}
        onChange={upload.onChange}
      >
        {t('upload.choose')}
      </FileInputButton>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
