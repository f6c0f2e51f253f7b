import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IsoDateField } from '../../../components/date-field.tsx';
import { useReportPdf } from '../api/get-report-pdf.ts';
import { latestEnd, reportDateProblems, reportRange } from '../report-dates.ts';

/** Spec 03 §8: a failed report is told in a popup that closes after 1.5 seconds. */
export const REPORT_FAILED_MS = 1500;

/**
 * Customize Report (spec 03 §2.17, §4.7): Start and End dates (at most 31 days, days after the 28th not selectable,
 * end not after today), Preview Report in an embedded PDF viewer, Reset (clears dates and preview), Export PDF.
 */
export function CustomizeReportPanel({
  companyId,
  modelId,
  modelCode,
  timeZone,
}: {
  companyId: string;
  modelId: string;
  modelCode: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [touched, setTouched] = useState(false);
  const pdf = useReportPdf();
  const { enqueueSnackbar } = useSnackbar();
  const problems = reportDateProblems(start, end, timeZone);
  const today = dayjs().tz(timeZone).format('YYYY-MM-DD');
  const message = (problem: (typeof problems)['start']) =>
    problem && (touched || problem !== 'required') ? t(`reports.customize.problem.${problem}`) : null;

  const handlePreview = () => {
    setTouched(true);
    if (problems.start || problems.end) return;
    pdf.mutate(
      { companyId, modelId, type: 'MCA', ...reportRange(start, end, timeZone) },
      {
        onError: () =>
          enqueueSnackbar(t('reports.customize.failed'), {
            variant: 'error',
            autoHideDuration: REPORT_FAILED_MS,
          }),
      },
    );
  };
  const handleReset = () => {
    setStart('');
    setEnd('');
    setTouched(false);
    pdf.reset();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('reports.customize.title')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('reports.customize.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <IsoDateField
          size="small"
          width={200}
          label={t('reports.customize.start')}
          value={start}
          onChange={setStart}
          error={message(problems.start) ?? undefined}
          helperText={t('reports.customize.rangeHelp')}
          max={today}
        />
        <IsoDateField
          size="small"
          width={200}
          label={t('reports.customize.end')}
          value={end}
          onChange={setEnd}
          error={message(problems.end) ?? undefined}
          helperText=" "
          min={start || undefined}
          max={latestEnd(start, timeZone)}
        />
        <Stack direction="row" spacing={1} sx={{ pt: { sm: 0.25 } }}>
          <Button variant="contained" onClick={handlePreview} disabled={pdf.isPending}>
            {pdf.isPending ? t('reports.customize.generating') : t('reports.customize.preview')}
          </Button>
          <Button onClick={handleReset} disabled={pdf.isPending}>
            {t('reports.customize.reset')}
          </Button>
          {pdf.isError ? (
            // The popup is gone after 1.5 s; the way to try again stays until the next preview or Reset.
            <Button variant="outlined" color="error" onClick={handlePreview}>
              {t('reports.retry')}
            </Button>
          ) : null}
          {pdf.data ? (
            <Button
              variant="outlined"
              component="a"
              href={pdf.data.url}
              download={`${modelCode}_report_${start}_${end}.pdf`}
            >
              {t('reports.customize.export')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {pdf.data ? (
        <Box
          component="iframe"
          title={t('reports.customize.previewTitle')}
          src={pdf.data.url}
          sx={{
            mt: 2,
            width: '100%',
            height: { xs: 480, md: 820 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        />
      ) : null}
    </Paper>
  );
}
