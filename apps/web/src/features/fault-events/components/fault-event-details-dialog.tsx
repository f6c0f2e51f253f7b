import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type FaultEventDetail,
  type FaultEventEvidence,
  type FaultEventPerson,
  measurementName,
} from '@sdp/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../../lib/errors.ts';
import { useFaultEventDetail } from '../api/get-fault-event-detail.ts';
import { reminderText } from './event-lifecycle.tsx';
import { formatEventTime, twoDecimals } from './event-time.ts';
import { eventMessage, eventValueText, eventWords } from './event-words.ts';
import { NEAREST_TOLERANCE_PERCENT, nearestFaultFrequency } from './nearest-fault-frequency.ts';

type FaultEventDetailsDialogProps = {
  eventId: number | null;
  /** 'Alarm History Details' for a done event, 'Fault Event Alarm Detail' otherwise; undefined: as the event is. */
  history: boolean | undefined;
  timeZone: string;
  onClose: () => void;
};

const people = (list: readonly FaultEventPerson[]) =>
  list.length ? list.map((p) => (p.name ? `${p.name} <${p.email}>` : p.email)).join(', ') : '-';
const who = (person: FaultEventPerson | null) => (person ? person.name || person.email : '-');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: 0.5, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Details of an event (spec 03 §2.14): its data, who acknowledged and closed it, when and to whom, and the
 * evidence stored when it opened (value against limits, persistence, the last 24 hours, spectrum peaks against
 * the model's fault frequencies).
 */
export function FaultEventDetailsDialog({
  eventId,
  history,
  timeZone,
  onClose,
}: FaultEventDetailsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const detail = useFaultEventDetail(eventId);
  return (
    <Dialog open={eventId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {(history ?? detail.data?.isDone)
          ? t('faultEvents.historyDetailTitle')
          : t('faultEvents.detailTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {detail.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {describeFailure(detail.error, t('faultEvents.loadFailed'), t)}
          </Alert>
        ) : !detail.data ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : (
          <DetailBody event={detail.data} timeZone={timeZone} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('faultEvents.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DetailBody({ event, timeZone }: { event: FaultEventDetail; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const words = eventWords(event, event.evidence, i18n.language);
  return (
    <Box>
      <Row label={t('faultEvents.dateTime')}>{formatEventTime(event.eventDate, timeZone)}</Row>
      <Row label={t('faultEvents.alarmMessage')}>{eventMessage(event, i18n.language)}</Row>
      <Row label={t('faultEvents.alarmType')}>
        {event.alarmType === 2 ? t('faultEvents.alarm') : t('faultEvents.warning')}
      </Row>
      <Row label={t('faultEvents.alarmValue')}>{eventValueText(event, event.evidence, t)}</Row>
      <Row label={t('baseline.trippedBy')}>{t(`baseline.${event.trippedBy ?? 'fixed_limit'}`)}</Row>
      <Row label={t('faultEvents.sensor')}>{words.sensor}</Row>
      {words.failureMode ? <Row label={t('faultEvents.failureMode')}>{words.failureMode}</Row> : null}
      <Row label={t('faultEvents.cause')}>{words.cause}</Row>
      <Row label={t('faultEvents.recommendation')}>{words.recommendation}</Row>
      <Divider sx={{ my: 1 }} />
      <Row label={t('faultEvents.timeAcked')}>{formatEventTime(event.acknowledgedAt, timeZone)}</Row>
      <Row label={t('faultEvents.ackedBy')}>{who(event.acknowledged_by_user)}</Row>
      <Row label={t('faultEvents.ackedTo')}>{people(event.acknowledged_to_user)}</Row>
      <Row label={t('faultEvents.description')}>{event.acknowledged_msg || '-'}</Row>
      <Row label={t('faultEvents.doneAt')}>{formatEventTime(event.doneAt, timeZone)}</Row>
      <Row label={t('faultEvents.doneBy')}>{who(event.done_by_user)}</Row>
      <Row label={t('faultEvents.doneTo')}>{people(event.done_to_user)}</Row>
      <Row label={t('faultEvents.doneDescription')}>{event.done_msg || '-'}</Row>
      <Row label={t('faultLifecycle.reminder')}>{reminderText(event, timeZone, t)}</Row>
      <Divider sx={{ my: 1 }} />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t('faultEvents.evidence')}
      </Typography>
      {event.evidence ? (
        <Evidence evidence={event.evidence} timeZone={timeZone} alarmType={event.alarmType} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('faultEvents.noEvidence')}
        </Typography>
      )}
    </Box>
  );
}

function Evidence({
  evidence,
  timeZone,
  alarmType,
}: {
  evidence: FaultEventEvidence;
  timeZone: string;
  alarmType: 1 | 2;
}) {
  const { t, i18n } = useTranslation();
  const unit = evidence.unit ? ` ${evidence.unit}` : '';
  const nearest = (hz: number) => {
    const cursor = nearestFaultFrequency(hz, evidence.spectrum?.cursors ?? []);
    return cursor
      ? `${cursor.label} ${twoDecimals(cursor.hz)} Hz (Δ ${twoDecimals(hz - cursor.hz)} Hz)`
      : t('faultEvents.noNearest', { percent: NEAREST_TOLERANCE_PERCENT });
  };
  return (
    <Box sx={{ mt: 0.5 }}>
      <Row label={measurementName(evidence.name, i18n.language.startsWith('th') ? 'th' : 'en')}>
        {`${twoDecimals(evidence.value)}${unit}`}
        {evidence.exceedPercent !== null
          ? ` · ${t('faultEvents.exceed', {
              percent: twoDecimals(evidence.exceedPercent),
              limit: alarmType === 2 ? t('faultEvents.alarm') : t('faultEvents.warning'),
            })}`
          : ''}
      </Row>
      {evidence.persistence ? <Row label="">{t('faultEvents.persistence', evidence.persistence)}</Row> : null}
      {evidence.trendStats ? (
        <Row label="">
          {t('faultEvents.trend24h', {
            min: `${twoDecimals(evidence.trendStats.min)}${unit}`,
            max: `${twoDecimals(evidence.trendStats.max)}${unit}`,
            mean: `${twoDecimals(evidence.trendStats.mean)}${unit}`,
            count: evidence.trendStats.count,
          })}
        </Row>
      ) : null}
      {evidence.spectrum ? (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('faultEvents.spectrum', {
              file: evidence.spectrum.fileName,
              channel: `${evidence.spectrum.sensor} ${evidence.spectrum.channel}`,
              at: formatEventTime(evidence.spectrum.capturedAt, timeZone),
            })}
          </Typography>
          <Table size="small" sx={{ mt: 0.5 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('faultEvents.peakHz')}</TableCell>
                <TableCell align="right">{t('faultEvents.amplitude')}</TableCell>
                <TableCell>{t('faultEvents.nearest')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {evidence.spectrum.peaks.map((peak) => (
                <TableRow key={peak.hz}>
                  <TableCell>{twoDecimals(peak.hz)}</TableCell>
                  <TableCell align="right">{peak.amplitude.toPrecision(3)}</TableCell>
                  <TableCell>{nearest(peak.hz)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </Box>
  );
}
