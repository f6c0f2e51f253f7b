import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PointNotesBinding,
  PointNotesContext,
  type PointNotesRequest,
} from '../../../components/charts/point-notes.ts';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { canIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { formatDayTimeIn, resolveTimeZone } from '../../../lib/time.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useSensorPointNotesOf } from '../api/get-sensor-point-notes.ts';
import { chartNotes, noteMarks } from './point-note-marks.ts';
import type { NoteEdit } from './sensor-point-note-dialog.tsx';

// The note dialog (its form, and the notes' schemas it checks against) comes when a point is clicked, not with the
// model page's first screen (issue 29: 0.1 s of a phone's main thread while the page loaded).
const SensorPointNoteDialog = lazy(() =>
  import('./sensor-point-note-dialog.tsx').then((module) => ({ default: module.SensorPointNoteDialog })),
);

interface NotesModel {
  modelCode: string;
  companyId: string;
}

const ModelContext = createContext<NotesModel | undefined>(undefined);

/**
 * Sensor point notes (spec 03 §2.16, §4.6, §6) on every trend of a model page that asks for them (the kit's
 * `pointNotes`): the notes of the chosen date range pinned on their points and listed under the chart; a click on a
 * point opens the note dialog for it, a click on a pin or a listed note edits or deletes that note. Only ADMIN,
 * OWNER, SUPERMEMBER and OWNER_RVS may (ManageSensorPointNotes); others get 'Permission Denied…'. Off in the
 * '6 months or more' (yearly) mode.
 */
export function SensorPointNotesProvider({
  modelCode,
  companyId,
  children,
}: NotesModel & { children: ReactNode }) {
  const model = useMemo(() => ({ modelCode, companyId }), [modelCode, companyId]);
  return (
    <ModelContext value={model}>
      <PointNotesContext value={useSensorPointNotes}>{children}</PointNotesContext>
    </ModelContext>
  );
}

type Open = NoteEdit | 'denied' | null;

/** The hook every chart under the provider calls (the same hooks each render, asked for notes or not). */
function useSensorPointNotes(request: PointNotesRequest | undefined): PointNotesBinding {
  const { t } = useTranslation();
  const model = useContext(ModelContext);
  const { me } = useSession();
  const feedback = useFeedback();
  const [open, setOpen] = useState<Open>(null);
  const yearly = request?.controls.mode === 'yearly';
  const range = request?.controls.query;
  const active = request !== undefined && model !== undefined && !yearly;
  const notes = useSensorPointNotesOf(
    active ? model.modelCode : '',
    active && range ? { from: range.from, to: range.to } : undefined,
  );
  const series = request?.series;
  const identify = request?.identify;
  const zone = resolveTimeZone(request?.timeZone);
  const onChart = active && series && identify ? chartNotes(notes.data ?? [], series, identify) : [];
  const fresh = noteMarks(onChart, zone);
  const marksKey = JSON.stringify(fresh);
  // Charts pass `identify` inline, so the notes are matched anew each render; the pins stay the same array (and the
  // chart is not redrawn) while what they say is unchanged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the pins' content.
  const marks = useMemo(() => fresh, [marksKey]);
  if (!request || !model) return {};

  const allowed = canIn(me, model.companyId, 'ManageSensorPointNotes');
  const editNote = (id: string) => {
    const found = onChart.find((one) => one.note.id === id);
    if (!found) return;
    setOpen(allowed ? { kind: 'edit', target: found.target, note: found.note } : 'denied');
  };

  const dialog =
    open === 'denied' ? (
      // Other roles get the spec's words (spec 03 §6, §8).
      <MessageDialog
        message={{ title: t('notes.pointTitle'), message: t('notes.permissionDenied'), severity: 'error' }}
        onClose={() => setOpen(null)}
      />
    ) : open ? (
      <Suspense fallback={null}>
        <SensorPointNoteDialog
          edit={open}
          modelCode={model.modelCode}
          timeZone={zone}
          onClose={() => setOpen(null)}
        />
      </Suspense>
    ) : null;

  if (yearly)
    return {
      onPointClick: () => feedback.warning(t('notes.yearlyOff')),
      footer: (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('notes.yearlyOff')}
        </Typography>
      ),
    };

  return {
    marks,
    onPointClick: (point) => {
      const one = series?.[point.seriesIndex];
      const target = one && identify?.(one, point.seriesIndex);
      if (!target) return;
      setOpen(allowed ? { kind: 'new', target, time: point.time, value: point.value } : 'denied');
    },
    onMarkClick: (mark) => editNote(mark.id),
    footer: (
      <Box sx={{ mt: 1 }}>
        {notes.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void notes.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {describeFailure(notes.error, t('notes.pointLoadFailed'), t)}
          </Alert>
        ) : null}
        {onChart.length > 0 ? (
          <>
            <Typography variant="subtitle2" component="h4">
              {t('notes.pointNotes')}
            </Typography>
            <List dense disablePadding aria-label={t('notes.pointNotes')}>
              {onChart.map(({ note, target }) => {
                const where = [target.sensorName, target.phase, target.axis].filter(Boolean).join(' ');
                const secondary = `${formatDayTimeIn(note.timestamp, zone)} · ${where} · ${note.name}`;
                return allowed ? (
                  <ListItemButton key={note.id} onClick={() => editNote(note.id)}>
                    <ListItemText primary={note.description} secondary={secondary} />
                  </ListItemButton>
                ) : (
                  <ListItem key={note.id}>
                    <ListItemText primary={note.description} secondary={secondary} />
                  </ListItem>
                );
              })}
            </List>
          </>
        ) : allowed ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('notes.pointHint')}
          </Typography>
        ) : null}
        {dialog}
      </Box>
    ),
  };
}
