import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '../../../components/status-dot.tsx';
import { modelStatusKind } from '../../../lib/model-status.ts';
import { resolveTimeZone } from '../../../lib/time.ts';
import { AUTO_REFRESH_MINUTES, type AutoRefreshMinutes, useAutoRefresh } from './auto-refresh.ts';
import { SectionOutline } from './section-outline.tsx';

/** 'Refreshed' time of spec 02 §2.3: 'DD MMMM YYYY, HH:mm' in the company's zone and the user's language. */
export function formatRefreshed(instant: number, timeZone: string, locale: string): string {
  return dayjs(instant).tz(resolveTimeZone(timeZone)).locale(locale).format('DD MMMM YYYY, HH:mm');
}

type ModelViewShellProps = {
  name: string;
  /** The model type's mark before the name: the RVS logo for type 5 (spec 03 §2.2). */
  marker?: ReactNode;
  back: ReactNode;
  status: number | undefined;
  /** Since when the model has been at its warning or alarm status (its status history); null or absent hides it. */
  alarmSince?: string | null;
  /** Open fault events; zero or unknown hides the badge. */
  openFaultEvents: number | undefined;
  /** When what is shown was last loaded (epoch ms), undefined before the first load. */
  refreshedAt: number | undefined;
  summaryLoading: boolean;
  timeZone: string;
  onRefresh: () => void;
  children: ReactNode;
};

/**
 * The frame every model page shares (spec 02 §2.3, spec 03 §2.2): name with the open fault-event badge, back
 * control, status, 'Refreshed' time, manual refresh and the Auto switch with its time-out; the type's body below.
 */
export function ModelViewShell({
  name,
  marker,
  back,
  status,
  alarmSince,
  openFaultEvents,
  refreshedAt,
  summaryLoading,
  timeZone,
  onRefresh,
  children,
}: ModelViewShellProps) {
  const { t, i18n } = useTranslation();
  const auto = useAutoRefresh(onRefresh);
  const count = openFaultEvents ?? 0;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        {back}
        {/* Wraps on a phone: the status and since when stay on one line below the name. */}
        <Box
          sx={{
            flexGrow: 1,
            minWidth: 0,
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          {marker}
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {count > 0 ? (
            <Badge
              color="error"
              badgeContent={count}
              max={999}
              role="status"
              aria-label={`${t('modelView.faultEvents')}: ${count}`}
              title={t('modelView.faultEvents')}
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          ) : null}
          {status !== undefined ? (
            <Stack
              direction="row"
              spacing={0.75}
              sx={{ alignItems: 'center' }}
              aria-label={t('modelView.status')}
            >
              <StatusDot status={status} decorative />
              <Typography variant="body2">{t(`modelStatus.${modelStatusKind(status)}`)}</Typography>
              {alarmSince ? (
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {t('modelView.statusSince', {
                    time: formatRefreshed(Date.parse(alarmSince), timeZone, i18n.resolvedLanguage ?? 'en'),
                  })}
                </Typography>
              ) : null}
            </Stack>
          ) : null}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {/* Before the first load, the same words for the present moment, unseen: they take the room the real time
              will, so the line does not wrap and push the page down when it comes (issue 29: layout shift). */}
          <Typography
            variant="body2"
            color="text.secondary"
            aria-hidden={refreshedAt === undefined || undefined}
            sx={{ visibility: refreshedAt === undefined ? 'hidden' : undefined }}
          >
            {t('modelView.refreshed', {
              time: formatRefreshed(refreshedAt ?? Date.now(), timeZone, i18n.resolvedLanguage ?? 'en'),
            })}
          </Typography>
          <Tooltip title={t('modelView.refresh')}>
            <span>
              <IconButton aria-label={t('modelView.refresh')} onClick={onRefresh} disabled={summaryLoading}>
                <RefreshOutlined />
              </IconButton>
            </span>
          </Tooltip>
          <FormControlLabel
            control={
              <Switch
                checked={auto.enabled}
                onChange={(event) => auto.setEnabled(event.target.checked)}
                disabled={summaryLoading}
              />
            }
            label={t('modelView.auto')}
          />
          <TextField
            select
            size="small"
            label={t('modelView.interval')}
            value={auto.minutes}
            onChange={(event) => auto.setMinutes(Number(event.target.value) as AutoRefreshMinutes)}
            disabled={!auto.enabled}
            sx={{ minWidth: 110 }}
          >
            {AUTO_REFRESH_MINUTES.map((minutes) => (
              <MenuItem key={minutes} value={minutes}>
                {t('modelView.minutes', { count: minutes })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Box>
      <SectionOutline>{children}</SectionOutline>
    </>
  );
}
