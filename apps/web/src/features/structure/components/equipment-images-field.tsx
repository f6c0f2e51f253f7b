import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FileInputButton } from '../../../components/file-input-button.tsx';
import { IMAGE_ACCEPT } from '../../../lib/upload-image.ts';
import { useImageUpload } from '../../../lib/use-image-upload.ts';
import { type EquipmentImageValue, formatMegabytes, shortImageName } from './equipment-form.ts';

type EquipmentImagesFieldProps = {
  /** The company of the equipment: its images belong to it. */
  companyId: string;
  value: EquipmentImageValue[];
  onChange: (images: EquipmentImageValue[]) => void;
  error?: string | undefined;
};

/**
 * The images of an equipment tag: png, jpg and jpeg only, each uploaded as soon as it is chosen and listed
 * with its name (cut at 50 characters) and size in MB (spec 01 §5, §9).
 */
export function EquipmentImagesField({ companyId, value, onChange, error }: EquipmentImagesFieldProps) {
  const { t } = useTranslation();
  const upload = useImageUpload(
    'equipment-tags',
    t('structure.equipment.uploadFailed'),
    (uploaded) => onChange([...value, ...uploaded]),
    companyId,
  );

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t('structure.equipment.images')}
        </Typography>
        <FileInputButton
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateOutlined />}
          loading={upload.pending}
          loadingPosition="start"
          multiple
          accept={IMAGE_ACCEPT}
          inputLabel={t('structure.equipment.addImages')}
          onChange={upload.onChange}
        >
          {t('structure.equipment.addImages')}
        </FileInputButton>
      </Box>
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('structure.equipment.noImages')}
        </Typography>
      ) : (
        <List dense aria-label={t('structure.equipment.images')} sx={{ py: 0 }}>
          {value.map((image) => (
            <ListItem
              key={image.url}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('structure.equipment.removeImage', { name: image.image_name })}
                  onClick={() => onChange(value.filter((other) => other.url !== image.url))}
                >
                  <DeleteOutlined />
                </IconButton>
              }
            >
              <ListItemAvatar>
                <Avatar variant="rounded" src={image.url} alt="" />
              </ListItemAvatar>
              <ListItemText
                primary={shortImageName(image.image_name)}
                secondary={formatMegabytes(image.image_size)}
                slotProps={{ primary: { title: image.image_name, noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
