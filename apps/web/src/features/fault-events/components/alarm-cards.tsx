import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyAlarm } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatEventTime, twoDecimals } from './event-time.ts';
import { eventMessage } from './event-words.ts';

export const ALARM_COLOUR = '#D9263B';
export const WARNING_COLOUR = '#FCA239';

type AlarmCardsProps = {
  items: readonly CompanyAlarm[];
  zone: string;
  /** Empty or loading text, shown in place of cards. */
  emptyMessage: string;
  /** Those who may act tick events and Acknowledge or mark one Done from its card. */
  canAct: boolean;
  ticked: ReadonlySet<number>;
  onToggle: (eventId: number) => void;
  onAct: (event: CompanyAlarm, action: 'acknowledge' | 'done') => void;
};

/** Severity as a coloured chip: red Alarm, amber Warning. */
export function SeverityChip({ alarmType }: { alarmType: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={alarmType === 2 ? t('faultEvents.alarm') : t('faultEvents.warning')}
      sx={{
        bgcolor: alarmType === 2 ? ALARM_COLOUR : WARNING_COLOUR,
        color: alarmType === 2 ? '#fff' : '#1a1a1a',
      }}
    />
  );
}

/**
 * The alarm list on a phone (issue 27.3): one card per event with its severity and state, what happened, where and
 * when, its value against the limits, and the next action (Acknowledge, then Done) at hand, all within 390 px.
 */
export function AlarmCards({ items, zone, emptyMessage, canAct, ticked, onToggle, onAct }: AlarmCardsProps) {
  const { t, i18n } = useTranslation();
  if (items.length === 0)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">{emptyMessage}</Typography>
      </Paper>
    );
  return (
    <Stack
      component="ul"
      spacing={1}
      aria-label={t('faultEvents.listTitle')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {items.map((event) => {
        const when = formatEventTime(event.eventDate, zone);
        const state = event.isDone
          ? t('faultEvents.statusDone')
          : event.isAcknowledged
            ? t('faultEvents.acknowledged')
            : t('faultEvents.statusOpen');
        return (
          <Paper
            key={event.id}
            component="li"
            variant="outlined"
            aria-label={`${eventMessage(event, i18n.language)}, ${event.modelName}, ${when}`}
            sx={{
              p: 1.5,
              borderLeft: 4,
              borderLeftColor: event.alarmType === 2 ? ALARM_COLOUR : WARNING_COLOUR,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              {canAct && !event.isDone ? (
                <Checkbox
                  size="small"
                  sx={{ p: 0.5, ml: -0.5 }}
                  checked={ticked.has(event.id)}
                  onChange={() => onToggle(event.id)}
                  slotProps={{
                    input: {
                      'aria-label': t('faultEvents.selectEvent', {
                        message: eventMessage(event, i18n.language),
                        model: event.modelName,
                        date: when,
                      }),
                    },
                  }}
                />
              ) : null}
              <SeverityChip alarmType={event.alarmType} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {state}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
                {when}
              </Typography>
            </Box>
            <Typography sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {eventMessage(event, i18n.language)}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={`/model/${event.modelId}?event=${event.id}`}>
                {event.modelName}
              </Link>
              {' · '}
              {event.equipmentTagName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('faultEvents.alarmValue')}: {twoDecimals(event.alarmValue)} (
              {t('faultEvents.limits', {
                warning: twoDecimals(event.warningLimit),
                alarm: twoDecimals(event.alarmLimit),
              })}
              )
            </Typography>
            {canAct && !event.isDone ? (
              <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
                {event.isAcknowledged ? (
                  <Button
                    size="small"
                    variant="contained"
                    color="success"
                    onClick={() => onAct(event, 'done')}
                  >
                    {t('faultEvents.done')}
                  </Button>
                ) : (
                  <Button size="small" variant="contained" onClick={() => onAct(event, 'acknowledge')}>
                    {t('faultEvents.acknowledge')}
                  </Button>
                )}
              </Box>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
