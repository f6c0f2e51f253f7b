import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ModelSettings } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../rules/validation.ts';

type ModelIn = ModelSettings['model_in'];

type SettingHeaderProps = {
  modelIn: ModelIn;
  onChange: (changes: Partial<ModelIn>) => void;
  titleError: FieldMessage | undefined;
  valid: boolean;
  pending: boolean;
  /** Where Export downloads the configuration workbook from. */
  exportHref: string;
  onCancel: () => void;
  onSubmit: () => void;
};

const TITLE_MAX = 200;

/**
 * The header of the setting form (spec 02 §2.2): the active switch, the model name, Cancel and Edit model. It
 * stays in view while the sections scroll, so saving is always one click away.
 */
export function SettingHeader({
  modelIn,
  onChange,
  titleError,
  valid,
  pending,
  exportHref,
  onCancel,
  onSubmit,
}: SettingHeaderProps) {
  const { t } = useTranslation();
  const active = modelIn.isActive === 'active';
  return (
    <Paper
      variant="outlined"
      sx={(theme) => ({
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: theme.zIndex.appBar - 1,
        p: 2,
        mb: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      })}
    >
      <FormControlLabel
        label={active ? t('models.header.active') : t('models.header.inactive')}
        control={
          <Switch
            checked={active}
            onChange={(_event, checked) => onChange({ isActive: checked ? 'active' : 'inactive' })}
            slotProps={{ input: { 'aria-label': t('models.header.status') } }}
          />
        }
        sx={{ minWidth: 120 }}
      />
      <TextField
        label={t('models.header.name')}
        size="small"
        required
        value={modelIn.title}
        onChange={(event) => onChange({ title: event.target.value })}
        error={titleError !== undefined}
        helperText={titleError ? t(titleError) : undefined}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        sx={{ flex: '1 1 240px', maxWidth: 420 }}
      />
      <Box sx={{ flexGrow: 1 }} />
      {valid ? null : (
        <Typography variant="body2" color="error" role="status">
          {t('models.header.invalid')}
        </Typography>
      )}
      <Button component="a" href={exportHref} download startIcon={<FileDownloadOutlined />}>
        {t('models.header.export')}
      </Button>
      <Button onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button variant="contained" onClick={onSubmit} disabled={!valid} loading={pending}>
        {t('models.header.submit')}
      </Button>
    </Paper>
  );
}
