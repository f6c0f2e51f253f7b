import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NOTE_DESCRIPTION_MAX, NOTE_TOPIC_MAX, type NoteComment, type NoteTopic } from '@sdp/contracts';
import dayjs from 'dayjs';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.tsx';
import { resolveTimeZone } from '../../../lib/time.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useNoteDetail } from '../api/get-note-detail.ts';
import { useNoteTopics } from '../api/get-note-topics.ts';
import { useSaveNote } from '../api/save-note.ts';
import { type NotePeriod, notePeriodRange } from './note-period.ts';

type NotePanelProps = {
  modelId: string;
  timeZone: string;
  /** The rest of the history log for the chosen period (the model page passes the fault events' log). */
  history?: (range: { start: string; end: string }) => ReactNode;
};

const noteTime = (instant: string, timeZone: string) =>
  dayjs(instant).tz(timeZone).format('DD MMM YYYY, HH:mm');

/**
 * Note and History log panel (spec 03 §2.15, §4.5, §5): a period (Today, Weekly from Monday, Monthly, Yearly in
 * the company's zone), the notes of it, Create Note (topic and a description of at most 1,000 characters,
 * confirmed), and the selected note's thread with reply, edit and delete: edit and delete only for the author
 * (the server refuses others too). Failed loads and saves say so, with Retry, instead of being swallowed.
 */
export function NotePanel({ modelId, timeZone, history }: NotePanelProps) {
  const { t } = useTranslation();
  const zone = resolveTimeZone(timeZone);
  const [period, setPeriod] = useState<NotePeriod>('monthly');
  // Recomputed per period choice: the range stays put while the panel is open, so the list does not refetch forever.
  const range = useMemo(() => notePeriodRange(period, zone), [period, zone]);
  const topics = useNoteTopics(modelId, range.start, range.end);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<NoteTopic | 'new' | null>(null);
  const list = topics.data ?? [];
  const current = list.find((topic) => topic.id === selected) ?? null;

  return (
    <Accordion
      component="section"
      aria-label={t('notes.title')}
      defaultExpanded
      disableGutters
      sx={{ mt: 2 }}
      // The title inside the summary is the panel's heading: MUI's own h3 around the summary would stand before it,
      // out of order after the page's h1 (Lighthouse heading order).
      slotProps={{ heading: { component: 'div' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls="note-panel" id="note-panel-header">
        <Typography variant="h6" component="h2">
          {t('notes.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="note-panel">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={period}
            onChange={(_event, next: NotePeriod | null) => {
              if (next) setPeriod(next);
            }}
            aria-label={t('notes.period')}
          >
            {(['today', 'weekly', 'monthly', 'yearly'] as const).map((name) => (
              <ToggleButton key={name} value={name}>
                {t(`notes.${name}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('notes.create')}
          </Button>
        </Stack>
        {topics.isError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void topics.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {describeFailure(topics.error, t('notes.loadFailed'), t)}
          </Alert>
        ) : null}
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(16rem, 1fr) 2fr' }, gap: 2 }}
        >
          <Paper variant="outlined" sx={{ maxHeight: 420, overflow: 'auto' }}>
            {list.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {topics.isPending ? t('common.loading') : t('notes.empty')}
              </Typography>
            ) : (
              <List dense disablePadding aria-label={t('notes.title')}>
                {list.map((topic) => (
                  <ListItemButton
                    key={topic.id}
                    selected={topic.id === selected}
                    onClick={() => setSelected(topic.id)}
                  >
                    <ListItemText
                      primary={topic.topic}
                      secondary={`${t('notes.by', { name: topic.name, date: noteTime(topic.updatedDate, zone) })} · ${t('notes.comments', { count: topic.commentCount })}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, minHeight: 160 }}>
            {current ? (
              <Thread
                key={current.id}
                modelId={modelId}
                topic={current}
                timeZone={zone}
                onEdit={() => setEditing(current)}
                onDeleted={() => setSelected(null)}
              />
            ) : (
              <Typography color="text.secondary">{t('notes.empty')}</Typography>
            )}
          </Paper>
        </Box>
        {editing ? (
          <TopicDialog
            modelId={modelId}
            topic={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={(id) => setSelected(id)}
          />
        ) : null}
        {history?.(range)}
      </AccordionDetails>
    </Accordion>
  );
}

function TopicDialog({
  modelId,
  topic,
  onClose,
  onSaved,
}: {
  modelId: string;
  topic: NoteTopic | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveNote();
  const confirm = useConfirm();
  const [title, setTitle] = useState(topic?.topic ?? '');
  const [description, setDescription] = useState(topic?.description ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalid =
    !title.trim() ||
    !description.trim() ||
    title.length > NOTE_TOPIC_MAX ||
    description.length > NOTE_DESCRIPTION_MAX;

  const submit = async () => {
    try {
      const saved = (await save.mutateAsync(
        topic
          ? {
              kind: 'update-topic',
              modelId,
              id: topic.id,
              topic: title.trim(),
              description: description.trim(),
            }
          : { kind: 'create-topic', modelId, topic: title.trim(), description: description.trim() },
      )) as NoteTopic;
      onSaved(saved.id);
      onClose();
    } catch (failure) {
      setError(describeFailure(failure, t('notes.saveFailed'), t));
    }
  };

  const handleSave = () => {
    setTouched(true);
    if (invalid) return;
    if (topic) void submit();
    else confirm.ask({ title: t('notes.create'), message: t('notes.confirmCreate'), run: submit });
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{topic ? t('notes.editNote') : t('notes.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label={t('notes.topic')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            error={touched && (!title.trim() || title.length > NOTE_TOPIC_MAX)}
            helperText={touched && !title.trim() ? t('notes.required') : `${title.length}/${NOTE_TOPIC_MAX}`}
          />
          <TextField
            label={t('notes.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            required
            multiline
            minRows={4}
            error={(touched && !description.trim()) || description.length > NOTE_DESCRIPTION_MAX}
            helperText={
              touched && !description.trim()
                ? t('notes.required')
                : t('notes.counter', { count: description.length })
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('notes.cancel')}
        </Button>
        <Button variant="contained" onClick={handleSave} disabled={save.isPending || (touched && invalid)}>
          {t('notes.save')}
        </Button>
      </DialogActions>
      {confirm.dialog}
    </Dialog>
  );
}

function Thread({
  modelId,
  topic,
  timeZone,
  onEdit,
  onDeleted,
}: {
  modelId: string;
  topic: NoteTopic;
  timeZone: string;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { me } = useSession();
  const detail = useNoteDetail(topic.id);
  const save = useSaveNote();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const [reply, setReply] = useState('');
  const mine = topic.createdById === me.id;

  const send = async () => {
    if (!reply.trim()) return;
    try {
      await save.mutateAsync({
        kind: 'create-comment',
        modelId,
        topicId: topic.id,
        description: reply.trim(),
      });
      setReply('');
    } catch (failure) {
      feedback.failure(failure, t('notes.saveFailed'));
    }
  };

  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="subtitle1" component="h3">
          {topic.topic}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('notes.by', { name: topic.name, date: noteTime(topic.updatedDate, timeZone) })}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
          {topic.description}
        </Typography>
        {mine ? (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            <Button size="small" onClick={onEdit}>
              {t('notes.edit')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() =>
                confirm.ask({
                  title: t('notes.delete'),
                  message: t('notes.confirmDelete'),
                  destructive: true,
                  run: async () => {
                    try {
                      await save.mutateAsync({ kind: 'delete-topic', id: topic.id });
                      onDeleted();
                    } catch (failure) {
                      feedback.failure(failure, t('notes.saveFailed'));
                    }
                  },
                })
              }
            >
              {t('notes.delete')}
            </Button>
          </Stack>
        ) : null}
      </Box>
      {detail.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeFailure(detail.error, t('notes.commentsFailed'), t)}
        </Alert>
      ) : detail.isPending ? (
        <Typography variant="body2" color="text.secondary">
          {t('notes.loadingComments')}
        </Typography>
      ) : (
        detail.data.comments.map((comment) => (
          <CommentItem
            key={comment.id}
            modelId={modelId}
            topicId={topic.id}
            comment={comment}
            timeZone={timeZone}
            mine={comment.createdById === me.id}
          />
        ))
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          multiline
          label={t('notes.reply')}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
          error={reply.length > NOTE_DESCRIPTION_MAX}
          helperText={t('notes.counter', { count: reply.length })}
        />
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={!reply.trim() || reply.length > NOTE_DESCRIPTION_MAX || save.isPending}
        >
          {t('notes.send')}
        </Button>
      </Stack>
      {confirm.dialog}
    </Stack>
  );
}

function CommentItem({
  modelId,
  topicId,
  comment,
  timeZone,
  mine,
}: {
  modelId: string;
  topicId: string;
  comment: NoteComment;
  timeZone: string;
  mine: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveNote();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const [draft, setDraft] = useState<string | null>(null);

  const saveEdit = async () => {
    if (draft === null || !draft.trim()) return;
    try {
      await save.mutateAsync({
        kind: 'update-comment',
        modelId,
        topicId,
        id: comment.id,
        description: draft.trim(),
      });
      setDraft(null);
    } catch (failure) {
      feedback.failure(failure, t('notes.saveFailed'));
    }
  };

  return (
    <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {t('notes.by', { name: comment.name, date: noteTime(comment.updatedDate, timeZone) })}
      </Typography>
      {draft === null ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {comment.description}
        </Typography>
      ) : (
        <TextField
          size="small"
          fullWidth
          multiline
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={draft.length > NOTE_DESCRIPTION_MAX}
          helperText={t('notes.counter', { count: draft.length })}
          slotProps={{ htmlInput: { 'aria-label': t('notes.edit') } }}
        />
      )}
      {mine ? (
        <Stack direction="row" spacing={1}>
          {draft === null ? (
            <Button size="small" onClick={() => setDraft(comment.description)}>
              {t('notes.edit')}
            </Button>
          ) : (
            <>
              <Button
                size="small"
                onClick={() => void saveEdit()}
                disabled={!draft.trim() || draft.length > NOTE_DESCRIPTION_MAX}
              >
                {t('notes.save')}
              </Button>
              <Button size="small" onClick={() => setDraft(null)}>
                {t('notes.cancel')}
              </Button>
            </>
          )}
          <Button
            size="small"
            color="error"
            onClick={() =>
              confirm.ask({
                title: t('notes.delete'),
                message: t('notes.confirmDelete'),
                destructive: true,
                run: async () => {
                  try {
                    await save.mutateAsync({ kind: 'delete-comment', id: comment.id });
                  } catch (failure) {
                    feedback.failure(failure, t('notes.saveFailed'));
                  }
                },
              })
            }
          >
            {t('notes.delete')}
          </Button>
        </Stack>
      ) : null}
      {confirm.dialog}
    </Box>
  );
}
