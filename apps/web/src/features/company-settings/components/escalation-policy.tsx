import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EscalationPolicy } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../../lib/errors.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useEscalationPolicy, useSaveEscalationPolicy } from '../api/escalation-policy.ts';

/**
 * 'Reminders of unacknowledged events' (issue 26 item 6): after how many hours an alarm or a warning nobody
 * acknowledged reminds the assignees (and after twice that, the owners). The server checks 5 minutes to 30 days.
 */
export function EscalationPolicySettings({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const policy = useEscalationPolicy(companyId);
  if (policy.isError)
    return <Alert severity="error">{describeFailure(policy.error, t('escalation.loadFailed'), t)}</Alert>;
  if (!policy.data) return null;
  return <PolicyForm companyId={companyId} initial={policy.data} />;
}

const hours = (minutes: number) => String(Number((minutes / 60).toFixed(2)));

function PolicyForm({ companyId, initial }: { companyId: string; initial: EscalationPolicy }) {
  const { t } = useTranslation();
  const save = useSaveEscalationPolicy(companyId);
  const feedback = useFeedback();
  const [alarm, setAlarm] = useState(hours(initial.alarmMinutes));
  const [warning, setWarning] = useState(hours(initial.warningMinutes));
  const [error, setError] = useState<string | null>(null);
  const handleSave = () => {
    setError(null);
    save.mutate(
      { alarmMinutes: Math.round(Number(alarm) * 60), warningMinutes: Math.round(Number(warning) * 60) },
      {
        onSuccess: () => feedback.success(t('escalation.saved')),
        onError: (failure) => setError(describeFailure(failure, t('escalation.saveFailed'), t)),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('escalation.heading')}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('escalation.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('escalation.intro')}
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="number"
            label={t('escalation.alarmHours')}
            value={alarm}
            onChange={(event) => setAlarm(event.target.value)}
            slotProps={{ htmlInput: { min: 0.1, step: 0.5 } }}
          />
          <TextField
            type="number"
            label={t('escalation.warningHours')}
            value={warning}
            onChange={(event) => setWarning(event.target.value)}
            slotProps={{ htmlInput: { min: 0.1, step: 0.5 } }}
          />
        </Stack>
        <div>
          <Button variant="outlined" onClick={handleSave} disabled={save.isPending}>
            {t('escalation.save')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
