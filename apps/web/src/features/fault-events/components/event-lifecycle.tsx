import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FaultEvent } from '@sdp/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatEventTime } from './event-time.ts';

/** An open event whose condition still holds, as the Done dialogs warn about it (issue 26 item 1). */
export type StillActiveEntry = { id: number; condition: NonNullable<FaultEvent['stillActive']> };

/** The still-active entries of the events about to be closed. */
export function stillActiveOf(events: readonly Pick<FaultEvent, 'id' | 'stillActive'>[]): StillActiveEntry[] {
  return events.flatMap((event) =>
    event.stillActive ? [{ id: event.id, condition: event.stillActive }] : [],
  );
}

/** A number as the warning shows it (as the server's 409 does): three significant digits, whole numbers from 100. */
export function shownValue(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)));
}

/**
 * The warning of a Done on a condition that still holds: 'still above its limit: 22.8 > 20 m/s²; a new event opens
 * at the next evaluation unless the limit or the machine changes', per event. `serverDetail` is the server's own
 * 409 (the condition began to hold after the list was read).
 */
export function StillActiveWarning({
  entries,
  serverDetail,
}: {
  entries: StillActiveEntry[];
  serverDetail?: string | null;
}) {
  const { t } = useTranslation();
  if (!entries.length && !serverDetail) return null;
  return (
    <Alert severity="warning" data-testid="still-active-warning">
      <Stack spacing={0.5}>
        {entries.map(({ id, condition }) => (
          <Typography key={id} variant="body2">
            {condition.zone
              ? t('faultLifecycle.stillInZone', {
                  id,
                  zone: condition.zone,
                  value: shownValue(condition.value),
                })
              : t(condition.above ? 'faultLifecycle.stillAbove' : 'faultLifecycle.stillBelow', {
                  id,
                  value: shownValue(condition.value),
                  limit: condition.limit === null ? '' : shownValue(condition.limit),
                  op: condition.limit === null ? '' : condition.above ? '>' : '<',
                  unit: condition.unit,
                })}
          </Typography>
        ))}
        {serverDetail ? <Typography variant="body2">{serverDetail}</Typography> : null}
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('faultLifecycle.stillActiveConfirm')}
        </Typography>
      </Stack>
    </Alert>
  );
}

/**
 * Where the event's reminder stands, in words (issue 26 item 6): when it is due, when it was sent, that an
 * acknowledgement made it unneeded, or that it will never be sent because the event arrived after its time.
 */
export function reminderText(
  event: Pick<FaultEvent, 'escalation' | 'escalatedAt'>,
  timeZone: string,
  t: TFunction,
): string {
  const due = formatEventTime(event.escalation.firstReminderAt, timeZone);
  switch (event.escalation.state) {
    case 'reminded':
      return t('faultLifecycle.reminderSent', { time: formatEventTime(event.escalatedAt, timeZone) });
    case 'acknowledged':
      return t('faultLifecycle.reminderAcknowledged');
    case 'not_reminded_late':
      return t('faultLifecycle.reminderLate', { time: due });
    default:
      return t('faultLifecycle.reminderPending', { time: due });
  }
}

/**
 * What happened to an event since it opened (issue 26 items 1 and 6): repeats with the last value and time, the
 * closed event it continues, escalation.
 */
export function EventLifecycleNote({
  event,
  timeZone,
}: {
  event: Pick<
    FaultEvent,
    | 'occurrences'
    | 'lastValue'
    | 'lastAt'
    | 'reopenedFrom'
    | 'escalationStage'
    | 'escalation'
    | 'stillActive'
    | 'isDone'
  >;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const repeated = event.occurrences > 1;
  // An open event nobody acknowledged that arrived after its reminder time is never reminded: the tables say so.
  const late = event.escalation.state === 'not_reminded_late' && !event.isDone;
  if (!repeated && event.reopenedFrom === null && event.escalationStage === 0 && !late) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
      {repeated ? (
        <Chip
          size="small"
          variant="outlined"
          label={t('faultLifecycle.repeated', {
            count: event.occurrences,
            value: event.lastValue === null ? '-' : shownValue(event.lastValue),
            time: formatEventTime(event.lastAt, timeZone),
          })}
        />
      ) : null}
      {event.reopenedFrom !== null ? (
        <Chip
          size="small"
          variant="outlined"
          label={t('faultLifecycle.reopens', { id: event.reopenedFrom })}
        />
      ) : null}
      {late ? (
        <Chip
          size="small"
          variant="outlined"
          label={t('faultLifecycle.notRemindedLate')}
          title={t('faultLifecycle.reminderLate', {
            time: formatEventTime(event.escalation.firstReminderAt, timeZone),
          })}
        />
      ) : null}
      {event.escalationStage > 0 && !event.isDone ? (
        <Chip
          size="small"
          color="warning"
          label={t(
            event.escalationStage === 1
              ? 'faultLifecycle.escalatedAssignees'
              : 'faultLifecycle.escalatedOwners',
          )}
        />
      ) : null}
    </Stack>
  );
}
