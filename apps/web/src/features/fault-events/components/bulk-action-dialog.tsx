import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FAULT_EVENT_COMMENT_MAX } from '@sdp/contracts';
import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeFailure } from '../../../lib/errors.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useBulkFaultEvents } from '../api/bulk-fault-events.ts';
import { type FaultEventMember, faultEventMembersQueryOptions } from '../api/get-fault-event-members.ts';
import { FaultEventCommentField, FaultEventRecipientsField } from './comment-fields.tsx';
import { type StillActiveEntry, StillActiveWarning } from './event-lifecycle.tsx';
import { NO_OUTCOME, OutcomeFields, outcomeMissing } from './outcome-fields.tsx';

export type BulkTarget = {
  action: 'acknowledge' | 'done';
  ids: number[];
  modelIds: string[];
  /** Done: the events whose condition still holds, warned about in the dialog (issue 26 item 1). */
  stillActive?: StillActiveEntry[];
};

type BulkActionDialogProps = {
  target: BulkTarget | null;
  onClose: () => void;
  /** After the server changed every event. */
  onDone: () => void;
};

/**
 * Acknowledge or Done of the events selected in the alarm list (issue 26 item 5): one comment for all, recipients
 * optional (by default everyone who sees each event's equipment), and this dialog is the only confirmation. A
 * refusal (one event breaks a rule: nothing changed) is shown in the dialog, with what was typed kept.
 */
export function BulkActionDialog({ target, onClose, onDone }: BulkActionDialogProps) {
  return target ? (
    <BulkForm key={target.ids.join(',')} target={target} onClose={onClose} onDone={onDone} />
  ) : null;
}

function BulkForm({
  target,
  onClose,
  onDone,
}: { target: BulkTarget } & Omit<BulkActionDialogProps, 'target'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const send = useBulkFaultEvents();
  const feedback = useFeedback();
  const [emails, setEmails] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  // Issue 25 item 5: a Done records what was found, one outcome for every selected event.
  const [outcome, setOutcome] = useState(NO_OUTCOME);
  const outcomeError = target.action === 'done' && outcomeMissing(outcome);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Issue 26 item 1: the warning shown (from the list, or the server's 409) is what the one confirmation confirms.
  const [holdsDetail, setHoldsDetail] = useState<string | null>(null);
  const stillActive = target.action === 'done' ? (target.stillActive ?? []) : [];
  const warned = stillActive.length > 0 || holdsDetail !== null;
  // Who may be picked: the members who see every selected model (the server refuses anyone else).
  const lists = useQueries({
    queries: target.modelIds.map((modelId) => faultEventMembersQueryOptions(modelId)),
  });
  const loaded = lists.every((list) => list.data);
  const options: FaultEventMember[] = loaded
    ? (lists[0]?.data?.items ?? []).filter((member) =>
        lists.every((list) => list.data?.items.some((other) => other.email === member.email)),
      )
    : [];
  const chosen = options.filter((member) => emails.includes(member.email));
  const missing = comment.trim().length === 0;
  const tooLong = comment.length > FAULT_EVENT_COMMENT_MAX;
  const count = target.ids.length;
  const title =
    target.action === 'done'
      ? t('faultEvents.bulkDoneTitle', { count })
      : t('faultEvents.bulkAckTitle', { count });

  const handleConfirm = async () => {
    setTouched(true);
    if (missing || tooLong || outcomeError) return;
    setError(null);
    try {
      await send.mutateAsync({
        action: target.action,
        ids: target.ids,
        comment: comment.trim(),
        emailTo: emails,
        confirmStillActive: warned,
        outcome,
      });
      feedback.success(t('faultEvents.bulkChanged', { count }));
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'condition-holds') {
        setHoldsDetail(failure.detail);
        return;
      }
      setError(describeFailure(failure, t('faultEvents.sendFailed'), t));
    }
  };

  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {target.action === 'done' ? t('faultEvents.bulkDoneIntro') : t('faultEvents.bulkAckIntro')}
          </DialogContentText>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <StillActiveWarning entries={stillActive} serverDetail={holdsDetail} />
          {lists.some((list) => list.isError) ? (
            <Alert severity="warning">{t('faultEvents.membersFailed')}</Alert>
          ) : null}
          {target.action === 'done' ? (
            <OutcomeFields value={outcome} onChange={setOutcome} showMissing={touched && outcomeError} />
          ) : null}
          <FaultEventCommentField value={comment} onChange={setComment} showMissing={touched && missing} />
          <FaultEventRecipientsField
            options={options}
            value={chosen}
            loading={!loaded}
            onChange={setEmails}
            label={t('faultEvents.bulkRecipients')}
            helperText={emails.length === 0 ? t('faultEvents.bulkRecipientsDefault') : ' '}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          {t('faultEvents.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void handleConfirm()} disabled={send.isPending || tooLong}>
          {target.action === 'done' ? t('faultEvents.done') : t('faultEvents.acknowledge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
