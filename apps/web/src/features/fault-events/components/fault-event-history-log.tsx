import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FaultEventHistoryEntry } from '@sdp/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../../lib/errors.ts';
import { resolveTimeZone } from '../../../lib/time.ts';
import { useFaultEventHistory } from '../api/get-fault-event-history.ts';
import { eventMessage } from './event-words.ts';

type FaultEventHistoryLogProps = { modelId: string; start: string; end: string; timeZone: string };

const KNOWN = ['acknowledge', 'update-comment', 'done', 'update-done-comment', 'escalate'] as const;

/** One entry in words: 'Olivia Owner acknowledged “Alarm: h2” (#12)', and what was said and to whom. */
export function describeHistoryEntry(entry: FaultEventHistoryEntry, t: TFunction, language = 'en') {
  const who = entry.user?.name || entry.user?.email || t('faultEvents.history.system');
  const action = (KNOWN as readonly string[]).includes(entry.action)
    ? t(`faultEvents.history.actions.${entry.action as (typeof KNOWN)[number]}`)
    : entry.action;
  const lines = [];
  if (entry.comment) lines.push(t('faultEvents.history.comment', { comment: entry.comment }));
  // Issue 25 item 5: the outcome of a done, in words (a text other work recorded stays as it is).
  if (entry.outcome)
    lines.push(
      t('faultEvents.history.outcome', {
        outcome: t(`alarmOutcomes.outcomes.${entry.outcome}` as 'alarmOutcomes.outcomes.other', {
          defaultValue: entry.outcome,
        }),
      }),
    );
  if (entry.recipients.length)
    lines.push(t('faultEvents.history.mailed', { to: entry.recipients.join(', ') }));
  return {
    headline: t('faultEvents.history.headline', {
      who,
      action,
      message: eventMessage(entry, language),
      id: entry.faultEventId,
    }),
    lines,
  };
}

/**
 * The fault-event part of the model's Note and History log (spec 03 §2.15; issue 26 item 7): for the panel's period,
 * who acknowledged, updated a comment on or marked done which event, and when ('DD MMM YYYY, HH:mm' in the company's
 * zone), newest first, as the audit log records it.
 */
export function FaultEventHistoryLog({ modelId, start, end, timeZone }: FaultEventHistoryLogProps) {
  const { t, i18n } = useTranslation();
  const history = useFaultEventHistory(modelId, start, end);
  const zone = resolveTimeZone(timeZone);
  const items = history.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {t('faultEvents.history.title')}
      </Typography>
      {history.isError ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeFailure(history.error, t('faultEvents.history.loadFailed'), t)}
        </Alert>
      ) : items.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {history.isPending ? t('common.loading') : t('notes.empty')}
        </Typography>
      ) : (
        <List dense aria-label={t('faultEvents.history.title')} sx={{ maxHeight: 360, overflow: 'auto' }}>
          {items.map((entry) => {
            const { headline, lines } = describeHistoryEntry(entry, t, i18n.language);
            return (
              <ListItem key={entry.id} divider>
                <ListItemText
                  primary={headline}
                  secondary={[dayjs(entry.at).tz(zone).format('DD MMM YYYY, HH:mm'), ...lines].join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
