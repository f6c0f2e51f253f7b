import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatHeaderClock } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';

/** Day name and 'DD MMMM YYYY HH:mm' in the company's time zone, refreshed as the minute changes. */
export function HeaderClock({ timeZone }: { timeZone: string }) {
  const { i18n } = useTranslation();
  // It shows minutes: a new value once a minute, not every second.
  const now = useNow(60_000);
  const { dayName, dateTime } = formatHeaderClock(now, timeZone, i18n.resolvedLanguage ?? 'en');
  return (
    <Box
      component="time"
      dateTime={now.toISOString()}
      title={timeZone}
      sx={{ display: { xs: 'none', md: 'grid' }, textAlign: 'right', lineHeight: 1.2 }}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {dayName}
      </Typography>
      <Typography variant="body2" component="span">
        {dateTime}
      </Typography>
    </Box>
  );
}
