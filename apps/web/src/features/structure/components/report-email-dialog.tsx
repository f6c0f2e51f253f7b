import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ReportConfig, type ReportKind, type ReportMember, RVS_REPORT_TIMES } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useReportConfig } from '../api/get-report-config.ts';
import { useReportMembers } from '../api/get-report-members.ts';
import { useUpdateReportConfig } from '../api/update-report-config.ts';

/** Selected e-mails shown before '+ N emails' (spec 01 §2). */
const SHOWN_EMAILS = 11;
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);
const ORDINAL = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;

/**
 * MCA report (Monthly: auto-send, day 1st–28th, recipients) and RVS report (Daily: auto-send, one of 48 half-hour
 * times, recipients) of the company root menu (spec 01 §2, §5, §8).
 */
export function ReportEmailDialog({
  companyId,
  kind,
  onClose,
}: {
  companyId: string;
  kind: ReportKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const config = useReportConfig({ companyId, kind });
  const members = useReportMembers({ companyId, kind });
  const title = t(kind === 'MCA' ? 'reports.settings.mcaTitle' : 'reports.settings.rvsTitle');
  if (config.isSuccess && members.isSuccess)
    return (
      <ReportForm
        companyId={companyId}
        kind={kind}
        config={config.data}
        members={members.data}
        title={title}
        onClose={onClose}
      />
    );
  return (
    <FormDialog
      title={title}
      submitLabel={t('common.save')}
      onSubmit={(event) => event.preventDefault()}
      onClose={onClose}
      pending={false}
      submitDisabled
    >
      {config.isError || members.isError ? (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void config.refetch();
                void members.refetch();
              }}
            >
              {t('reports.retry')}
            </Button>
          }
        >
          {t('reports.loadFailed')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} />
        </Box>
      )}
    </FormDialog>
  );
}

function ReportForm({
  companyId,
  kind,
  config,
  members,
  title,
  onClose,
}: {
  companyId: string;
  kind: ReportKind;
  config: ReportConfig;
  members: ReportMember[];
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const update = useUpdateReportConfig();
  const [autoSend, setAutoSend] = useState(config.is_auto_send);
  const [day, setDay] = useState<number | ''>(config.interval_day ?? '');
  const [time, setTime] = useState<string>(config.interval_time ?? '');
  const [chosen, setChosen] = useState<ReportMember[]>(() =>
    members.filter((m) => config.memberIds.includes(m.id)),
  );
  const ready = chosen.length > 0 && (kind === 'MCA' ? day !== '' : time !== '');

  const handleSave = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!ready) return;
    update.mutate(
      {
        companyId,
        kind,
        input: {
          memberIds: chosen.map((m) => m.id),
          isAutoSend: autoSend,
          ...(kind === 'MCA' ? { intervalDay: Number(day) } : { intervalTime: time }),
        },
      },
      {
        onSuccess: () => {
          feedback.success(t('reports.settings.saved'));
          onClose();
        },
        onError: (error) => feedback.failure(error, t('reports.settings.saveFailed')),
      },
    );
  };

  return (
    <FormDialog
      title={title}
      submitLabel={t('common.save')}
      onSubmit={handleSave}
      onClose={onClose}
      pending={update.isPending}
      submitDisabled={!ready}
      maxWidth="sm"
    >
      <TextField
        select
        size="small"
        label={t('reports.settings.type')}
        value={kind === 'MCA' ? 'monthly' : 'daily'}
        disabled
      >
        {kind === 'MCA' ? (
          [
            <MenuItem key="monthly" value="monthly">
              {t('reports.settings.monthly')}
            </MenuItem>,
            <MenuItem key="customize" value="customize">
              {t('reports.settings.customize')}
            </MenuItem>,
            <MenuItem key="test" value="test">
              {t('reports.settings.test')}
            </MenuItem>,
          ]
        ) : (
          <MenuItem value="daily">{t('reports.settings.daily')}</MenuItem>
        )}
      </TextField>
      <FormControlLabel
        control={<Switch checked={autoSend} onChange={(event) => setAutoSend(event.target.checked)} />}
        label={t('reports.settings.autoSend')}
      />
      {kind === 'MCA' ? (
        <TextField
          select
          size="small"
          required
          label={t('reports.settings.day')}
          value={day}
          onChange={(event) => setDay(Number(event.target.value))}
        >
          {MONTH_DAYS.map((value) => (
            <MenuItem key={value} value={value}>
              {ORDINAL(value)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          select
          size="small"
          required
          label={t('reports.settings.time')}
          value={time}
          onChange={(event) => setTime(event.target.value)}
        >
          {RVS_REPORT_TIMES.map((value) => (
            <MenuItem key={value} value={value}>
              {value.slice(0, 5)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Autocomplete
        multiple
        size="small"
        options={members}
        value={chosen}
        disableCloseOnSelect
        limitTags={SHOWN_EMAILS}
        getLimitTagsText={(more) => t('reports.settings.moreEmails', { count: more })}
        getOptionLabel={(member) => member.email}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, value) => setChosen(value)}
        renderInput={(params) => <TextField {...params} required label={t('reports.settings.recipients')} />}
      />
    </FormDialog>
  );
}
