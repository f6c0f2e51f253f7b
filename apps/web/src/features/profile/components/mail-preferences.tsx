import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FaultEventMailPreferences } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../../lib/errors.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useMailPreferences, useSaveMailPreferences } from '../api/mail-preferences.ts';

/**
 * The profile's 'Fault event mails' (issue 26 item 6): which levels (warning, alarm) and which equipment (assigned /
 * all you see) mail you at once while 'Real time fault event' is on, and a quiet period without such mail.
 */
export function MailPreferences() {
  const { t } = useTranslation();
  const preferences = useMailPreferences();
  if (preferences.isError)
    return (
      <Alert severity="error">{describeFailure(preferences.error, t('faultLifecycle.loadFailed'), t)}</Alert>
    );
  if (!preferences.data) return null;
  return <MailPreferencesForm initial={preferences.data} />;
}

function MailPreferencesForm({ initial }: { initial: FaultEventMailPreferences }) {
  const { t } = useTranslation();
  const save = useSaveMailPreferences();
  const feedback = useFeedback();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<FaultEventMailPreferences>) =>
    setValue((current) => ({ ...current, ...change }));
  const handleSave = () => {
    setError(null);
    save.mutate(
      { ...value, quietFrom: value.quietFrom || null, quietTo: value.quietTo || null },
      {
        onSuccess: () => feedback.success(t('faultLifecycle.saved')),
        onError: (failure) => setError(describeFailure(failure, t('faultLifecycle.saveFailed'), t)),
      },
    );
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={t('faultLifecycle.mailHeading')}>
      <Typography variant="subtitle1" component="h3">
        {t('faultLifecycle.mailHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('faultLifecycle.mailIntro')}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <FormGroup row>
        <FormControlLabel
          control={
            <Checkbox checked={value.warning} onChange={(event) => set({ warning: event.target.checked })} />
          }
          label={t('faultLifecycle.mailWarning')}
        />
        <FormControlLabel
          control={
            <Checkbox checked={value.alarm} onChange={(event) => set({ alarm: event.target.checked })} />
          }
          label={t('faultLifecycle.mailAlarm')}
        />
      </FormGroup>
      <FormControl>
        <FormLabel id="mail-models-label">{t('faultLifecycle.mailModels')}</FormLabel>
        <RadioGroup
          aria-labelledby="mail-models-label"
          value={value.models}
          onChange={(event) => set({ models: event.target.value === 'assigned' ? 'assigned' : 'all' })}
        >
          <FormControlLabel value="assigned" control={<Radio />} label={t('faultLifecycle.mailAssigned')} />
          <FormControlLabel value="all" control={<Radio />} label={t('faultLifecycle.mailAll')} />
        </RadioGroup>
      </FormControl>
      <Stack direction="row" spacing={2}>
        <TextField
          type="time"
          label={t('faultLifecycle.quietFrom')}
          value={value.quietFrom ?? ''}
          onChange={(event) => set({ quietFrom: event.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
        <TextField
          type="time"
          label={t('faultLifecycle.quietTo')}
          value={value.quietTo ?? ''}
          onChange={(event) => set({ quietTo: event.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('faultLifecycle.quietHint')}
      </Typography>
      <div>
        <Button variant="outlined" onClick={handleSave} disabled={save.isPending}>
          {t('faultLifecycle.save')}
        </Button>
      </div>
    </Stack>
  );
}
