import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../../lib/errors.ts';
import { modelStatusColors, modelStatusKind } from '../../../lib/model-status.ts';
import { useStatusHistory } from '../api/get-status-history.ts';
import { dayCounts, lastDays } from './status-history-logic.ts';

/**
 * The model's status over the last 30 days (issue 26 items 1 and 4): one cell per day in the company's zone,
 * coloured by the worst status of the day from the stored status history, with the counts the report prints.
 */
export function StatusHistoryPanel({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  // The range is fixed when the page opens; a reload of the page's queries reads it again.
  const [range] = useState(() => lastDays(Date.now(), timeZone));
  const history = useStatusHistory(modelId, range);
  const locale = i18n.resolvedLanguage ?? 'en';
  const days = history.data?.days;
  const counts = days ? dayCounts(days) : null;
  return (
    <Paper variant="outlined" component="section" aria-label={t('statusHistory.title')} sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2">
        {t('statusHistory.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('statusHistory.period')}
      </Typography>
      {history.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {describeFailure(history.error, t('statusHistory.loadFailed'), t)}
        </Alert>
      ) : !days || !counts ? (
        <Skeleton variant="rectangular" height={56} sx={{ mt: 1 }} />
      ) : (
        <>
          <Typography variant="body1" sx={{ mt: 1 }}>
            {t('statusHistory.counts', counts)}
          </Typography>
          <Box
            role="list"
            aria-label={t('statusHistory.days')}
            sx={{ display: 'flex', gap: '2px', mt: 1, height: 28 }}
          >
            {days.map(({ day, status }) => {
              const kind = status === null ? 'offline' : modelStatusKind(status);
              const label = `${dayjs(day).locale(locale).format('DD MMM YYYY')}: ${
                status === null ? t('statusHistory.noHistory') : t(`modelStatus.${kind}`)
              }`;
              return (
                <Box
                  key={day}
                  role="listitem"
                  aria-label={label}
                  title={label}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    borderRadius: 0.5,
                    bgcolor: modelStatusColors[kind],
                    opacity: status === null ? 0.35 : 1,
                  }}
                />
              );
            })}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              {dayjs(days[0]?.day).locale(locale).format('DD MMM')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {dayjs(days.at(-1)?.day).locale(locale).format('DD MMM')}
            </Typography>
          </Box>
        </>
      )}
    </Paper>
  );
}
