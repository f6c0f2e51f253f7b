import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type EmailSchedule,
  type EmailSchedulePayload,
  SCHEDULE_PERIODS,
  type SchedulePeriod,
  type TreeNode,
} from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useDeleteEmailSchedules } from '../api/delete-email-schedule.ts';
import { useEmailSchedules } from '../api/get-email-schedules.ts';
import { useSaveEmailSchedules } from '../api/save-email-schedules.ts';

type PeriodState = {
  active: boolean;
  warning: boolean;
  alarm: boolean;
  time: string;
  timeZone: string;
  day: number;
};
type FormState = Record<SchedulePeriod, PeriodState>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const zones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserZone()];
  }
})();
const nowTime = () => {
  const now = new Date();
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
};
/** Spec 01 §2: Monday to Sunday, 1–7. */
const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function fromSchedules(items: EmailSchedule[]): FormState {
  const state = {} as FormState;
  for (const period of SCHEDULE_PERIODS) {
    const row = items.find((item) => item.type === period);
    state[period] = row
      ? {
          active: true,
          warning: row.is_warning,
          alarm: row.is_alarm,
          time: row.start_time.slice(0, 5),
          timeZone: row.time_zone,
          day: row.day ?? 1,
        }
      : { active: false, warning: false, alarm: false, time: '', timeZone: browserZone(), day: 1 };
  }
  return state;
}

/**
 * Set e-mail notification of an equipment tag (spec 01 §2, §4, §5): none, daily, weekly (a day Monday–Sunday) and
 * monthly, each with Warning, Alarm and a start time in a time zone. Ticking a period turns on Warning and Alarm
 * and sets the time to now; unticking clears them. 'none' with job ids deletes the schedules.
 */
export function EmailNotificationDialog({
  companyId,
  tag,
  onClose,
}: {
  companyId: string;
  tag: TreeNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schedules = useEmailSchedules({ companyId, tagId: tag.id });
  if (schedules.isPending)
    return (
      <FormDialog
        title={t('reports.notification.title', { tag: tag.structureItemTitle })}
        submitLabel={t('common.save')}
        onSubmit={() => undefined}
        onClose={onClose}
        pending={false}
        submitDisabled
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} />
        </Box>
      </FormDialog>
    );
  if (schedules.isError)
    return (
      <FormDialog
        title={t('reports.notification.title', { tag: tag.structureItemTitle })}
        submitLabel={t('common.save')}
        onSubmit={() => undefined}
        onClose={onClose}
        pending={false}
        submitDisabled
      >
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void schedules.refetch()}>
              {t('reports.retry')}
            </Button>
          }
        >
          {t('reports.loadFailed')}
        </Alert>
      </FormDialog>
    );
  return <NotificationForm companyId={companyId} tag={tag} existing={schedules.data} onClose={onClose} />;
}

function NotificationForm({
  companyId,
  tag,
  existing,
  onClose,
}: {
  companyId: string;
  tag: TreeNode;
  existing: EmailSchedule[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useSaveEmailSchedules();
  const remove = useDeleteEmailSchedules();
  const [form, setForm] = useState<FormState>(() => fromSchedules(existing));
  const none = SCHEDULE_PERIODS.every((period) => !form[period].active);
  const jobIds = existing.map((item) => item.job_id);

  const update = (period: SchedulePeriod, change: Partial<PeriodState>) =>
    setForm((current) => ({ ...current, [period]: { ...current[period], ...change } }));
  const handleTogglePeriod = (period: SchedulePeriod, active: boolean) =>
    update(
      period,
      active
        ? { active, warning: true, alarm: true, time: nowTime(), timeZone: browserZone() }
        : { active, warning: false, alarm: false, time: '' },
    );
  const handleNone = () =>
    setForm((current) => {
      const next = { ...current };
      for (const period of SCHEDULE_PERIODS)
        next[period] = { ...current[period], active: false, warning: false, alarm: false, time: '' };
      return next;
    });

  const handleSave = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    for (const period of SCHEDULE_PERIODS) {
      const state = form[period];
      if (state.active && !state.warning && !state.alarm) {
        feedback.warning(
          t('reports.notification.chooseLevel', { period: t(`reports.notification.periodTh.${period}`) }),
        );
        return;
      }
    }
    const done = () => {
      feedback.success(t('reports.notification.saved'));
      onClose();
    };
    const failed = (error: unknown) => feedback.failure(error, t('reports.notification.saveFailed'));
    if (none) {
      if (jobIds.length === 0) return onClose();
      remove.mutate({ companyId, tagId: tag.id, jobIds }, { onSuccess: done, onError: failed });
      return;
    }
    const stamp = new Date().toISOString();
    const period = (name: SchedulePeriod) => {
      const state = form[name];
      return {
        [`is_${name}`]: state.active,
        [`is_${name}_warning`]: state.active && state.warning,
        [`is_${name}_alarm`]: state.active && state.alarm,
        [`${name}_start_time`]: state.active ? [`${state.time}:00`, state.timeZone] : [],
      };
    };
    const payload = {
      companies_id: companyId,
      equipment_tag_id: tag.id,
      createdDate: stamp,
      updatedDate: stamp,
      ...period('daily'),
      ...period('weekly'),
      weekly_day: form.weekly.active ? form.weekly.day : null,
      ...period('monthly'),
    } as EmailSchedulePayload;
    save.mutate({ payload, update: jobIds.length > 0 }, { onSuccess: done, onError: failed });
  };

  const invalidTime = SCHEDULE_PERIODS.some(
    (period) => form[period].active && !/^\d{2}:\d{2}$/.test(form[period].time),
  );
  return (
    <FormDialog
      title={t('reports.notification.title', { tag: tag.structureItemTitle })}
      submitLabel={t('common.save')}
      onSubmit={handleSave}
      onClose={onClose}
      pending={save.isPending || remove.isPending}
      submitDisabled={invalidTime}
      maxWidth="sm"
    >
      <Typography variant="body2" color="text.secondary">
        {t('reports.notification.help')}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={none} onChange={handleNone} />}
        label={t('reports.notification.none')}
      />
      {SCHEDULE_PERIODS.map((period) => {
        const state = form[period];
        const disabled = !state.active;
        return (
          <Box key={period} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                sx={{ minWidth: 110 }}
                control={
                  <Checkbox
                    checked={state.active}
                    onChange={(event) => handleTogglePeriod(period, event.target.checked)}
                  />
                }
                label={t(`reports.notification.period.${period}`)}
              />
              <FormControlLabel
                disabled={disabled}
                control={
                  <Checkbox
                    checked={state.warning}
                    onChange={(event) => update(period, { warning: event.target.checked })}
                  />
                }
                label={t('reports.notification.warning')}
              />
              <FormControlLabel
                disabled={disabled}
                control={
                  <Checkbox
                    checked={state.alarm}
                    onChange={(event) => update(period, { alarm: event.target.checked })}
                  />
                }
                label={t('reports.notification.alarm')}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1, mb: 1 }}>
              {period === 'weekly' ? (
                <TextField
                  select
                  size="small"
                  disabled={disabled}
                  label={t('reports.notification.day')}
                  value={state.day}
                  onChange={(event) => update(period, { day: Number(event.target.value) })}
                  sx={{ minWidth: 140 }}
                >
                  {WEEK_DAYS.map((day, index) => (
                    <MenuItem key={day} value={index + 1}>
                      {t(`reports.notification.weekDay.${day}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <TextField
                type="time"
                size="small"
                disabled={disabled}
                label={t('reports.notification.startTime')}
                value={state.time}
                onChange={(event) => update(period, { time: event.target.value })}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
                sx={{ minWidth: 130 }}
              />
              <Autocomplete
                size="small"
                disabled={disabled}
                options={zones}
                value={state.timeZone}
                disableClearable
                onChange={(_event, value) => update(period, { timeZone: value })}
                renderInput={(params) => <TextField {...params} label={t('reports.notification.timeZone')} />}
                sx={{ flex: 1, minWidth: 200 }}
              />
            </Stack>
          </Box>
        );
      })}
    </FormDialog>
  );
}
