import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FAULT_EVENT_COMMENT_MAX } from '@sdp/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeFailure } from '../../../lib/errors.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { type FaultEventMember, useFaultEventMembers } from '../api/get-fault-event-members.ts';
import { type FaultEventAction, useSendFaultEventComment } from '../api/send-fault-event-comment.ts';
import { FaultEventCommentField, FaultEventRecipientsField } from './comment-fields.tsx';
import { type StillActiveEntry, StillActiveWarning } from './event-lifecycle.tsx';
import { NO_OUTCOME, OutcomeFields, outcomeMissing } from './outcome-fields.tsx';

type FaultEventActionDialogProps = {
  modelId: string;
  /** What the dialog does, for which events; null when closed. */
  target: {
    action: FaultEventAction;
    ids: number[];
    emails: string[];
    comment: string;
    /** Done: the events whose condition still holds, warned about before Save (issue 26 item 1). */
    stillActive?: StillActiveEntry[];
  } | null;
  onClose: () => void;
};

/**
 * The Acknowledgement and Done dialogs (spec 03 §2.14, §5, §8): recipients from the company's members and a
 * comment, both required; Save (Update once acknowledged) asks 'Would you like to send a comment?', then reports
 * 'Your data was sent.' or the server's detail ('There was an error sending your data!' without one).
 */
export function FaultEventActionDialog({ modelId, target, onClose }: FaultEventActionDialogProps) {
  const open = target !== null;
  return open ? (
    <ActionForm key={target.ids.join(',')} modelId={modelId} target={target} onClose={onClose} />
  ) : null;
}

function ActionForm({
  modelId,
  target,
  onClose,
}: {
  modelId: string;
  target: NonNullable<FaultEventActionDialogProps['target']>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const members = useFaultEventMembers(modelId, true);
  const send = useSendFaultEventComment();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const [emails, setEmails] = useState<string[]>(target.emails);
  const [comment, setComment] = useState(target.comment);
  // Issue 25 item 5: a Done records what was found.
  const [outcome, setOutcome] = useState(NO_OUTCOME);
  const outcomeError = target.action === 'done' && outcomeMissing(outcome);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Issue 26 item 1: the warning shown (from the list, or the server's 409) is what Save then confirms.
  const [holdsDetail, setHoldsDetail] = useState<string | null>(null);
  const stillActive = target.action === 'done' ? (target.stillActive ?? []) : [];
  const warned = stillActive.length > 0 || holdsDetail !== null;
  const userError = emails.length === 0;
  const messageError = comment.trim().length === 0;
  const tooLong = comment.length > FAULT_EVENT_COMMENT_MAX;
  const options = members.data?.items ?? [];
  const byEmail = new Map(options.map((member) => [member.email, member]));
  const chosen = emails.map(
    (email) => byEmail.get(email) ?? ({ id: email, name: '', email, role: '' } satisfies FaultEventMember),
  );
  const title = target.action === 'done' ? t('faultEvents.doneTitle') : t('faultEvents.acknowledgement');

  const handleSave = () => {
    setTouched(true);
    if (userError || messageError || tooLong || outcomeError) return;
    confirm.ask({
      title,
      message: t('faultEvents.confirmSend'),
      run: async () => {
        try {
          await send.mutateAsync({
            action: target.action,
            ids: target.ids,
            emailTo: emails,
            comment: comment.trim(),
            confirmStillActive: warned,
            outcome,
          });
          feedback.success(t('faultEvents.sent'));
          onClose();
        } catch (failure) {
          if (failure instanceof ApiError && failure.code === 'condition-holds') {
            setHoldsDetail(failure.detail);
            return;
          }
          setError(describeFailure(failure, t('faultEvents.sendFailed'), t));
        }
      },
    });
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
          {error ? <Alert severity="error">{error}</Alert> : null}
          <StillActiveWarning entries={stillActive} serverDetail={holdsDetail} />
          {members.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void members.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {describeFailure(members.error, t('faultEvents.membersFailed'), t)}
            </Alert>
          ) : null}
          <FaultEventRecipientsField
            options={options}
            value={chosen}
            loading={members.isPending}
            onChange={setEmails}
            label={t('faultEvents.users')}
            required
            error={touched && userError}
            helperText={touched && userError ? t('faultEvents.userRequired') : ' '}
          />
          <FaultEventCommentField
            value={comment}
            onChange={setComment}
            showMissing={touched && messageError}
          />
          {target.action === 'done' ? (
            <OutcomeFields value={outcome} onChange={setOutcome} showMissing={touched && outcomeError} />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          {t('faultEvents.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={handleSave}
          disabled={send.isPending || (touched && (userError || messageError)) || tooLong}
        >
          {target.action === 'update' ? t('faultEvents.update') : t('faultEvents.save')}
        </Button>
      </DialogActions>
      {confirm.dialog}
    </Dialog>
  );
}
