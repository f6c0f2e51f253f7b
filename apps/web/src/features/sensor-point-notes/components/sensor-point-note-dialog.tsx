import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SENSOR_POINT_NOTE_MAX, type SensorPointNote } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointNoteTarget } from '../../../components/charts/point-notes.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { describeFailure } from '../../../lib/errors.ts';
import { formatDayTimeIn } from '../../../lib/time.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useSaveSensorPointNote } from '../api/save-sensor-point-note.ts';

/** The point a note is written on: a new one at a clicked point, or an existing note. */
export type NoteEdit =
  | { kind: 'new'; target: PointNoteTarget; time: number; value: number }
  | { kind: 'edit'; target: PointNoteTarget; note: SensorPointNote };

const twoDecimals = (value: number) => value.toFixed(2);

/**
 * The note of a trend point (spec 03 §2.16, §5): which sensor, phase, axis, time and value it is on, a description
 * of at most 250 characters (sent as '-' when left empty), Save; an existing note also Delete, confirmed. A failed
 * save says why in the dialog and keeps what was typed.
 */
export function SensorPointNoteDialog({
  edit,
  modelCode,
  timeZone,
  onClose,
}: {
  edit: NoteEdit;
  modelCode: string;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSensorPointNote();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const [text, setText] = useState(
    edit.kind === 'edit' && edit.note.description !== '-' ? edit.note.description : '',
  );
  const [error, setError] = useState<string>();
  const tooLong = text.length > SENSOR_POINT_NOTE_MAX;
  const time = edit.kind === 'new' ? edit.time : Date.parse(edit.note.timestamp);
  const value = edit.kind === 'new' ? edit.value : edit.note.y_position;

  const run = async (change: Parameters<typeof save.mutateAsync>[0], done: string) => {
    setError(undefined);
    try {
      await save.mutateAsync(change);
      feedback.success(done);
      onClose();
    } catch (failure) {
      setError(describeFailure(failure, t('notes.pointSaveFailed'), t));
    }
  };

  const handleSave = () => {
    if (tooLong) return;
    const description = text.trim();
    if (edit.kind === 'new')
      void run(
        {
          kind: 'create',
          modelCode,
          sensorId: edit.target.sensorId,
          phase: edit.target.phase,
          axis: edit.target.axis,
          timestamp: new Date(edit.time).toISOString(),
          y: edit.value,
          description,
        },
        t('notes.pointSaved'),
      );
    else
      void run(
        {
          kind: 'update',
          modelCode,
          id: edit.note.id,
          rvsGraphId: edit.note.rvs_graph_id,
          description,
        },
        t('notes.pointSaved'),
      );
  };

  const handleDelete = () => {
    if (edit.kind !== 'edit') return;
    confirm.ask({
      title: t('notes.pointTitle'),
      message: t('notes.confirmDelete'),
      destructive: true,
      run: () =>
        run(
          { kind: 'delete', modelCode, id: edit.note.id, rvsGraphId: edit.note.rvs_graph_id },
          t('notes.pointDeleted'),
        ),
    });
  };

  return (
    <FormDialog
      title={t('notes.pointTitle')}
      submitLabel={t('notes.save')}
      onSubmit={(event) => {
        event.preventDefault();
        handleSave();
      }}
      onClose={onClose}
      pending={save.isPending}
      submitDisabled={tooLong}
      maxWidth="sm"
      startAction={
        edit.kind === 'edit' ? (
          <Button color="error" onClick={handleDelete} disabled={save.isPending} sx={{ mr: 'auto' }}>
            {t('notes.delete')}
          </Button>
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('notes.pointAt', {
          sensor: edit.target.sensorName,
          phase: edit.target.phase,
          axis: edit.target.axis,
          date: formatDayTimeIn(time, timeZone),
          value: twoDecimals(value),
        })}
      </Typography>
      {edit.kind === 'edit' ? (
        <Typography variant="body2" color="text.secondary">
          {t('notes.by', { name: edit.note.name, date: formatDayTimeIn(edit.note.timestamp, timeZone) })}
        </Typography>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TextField
        label={t('notes.pointDescription')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={3}
        autoFocus
        error={tooLong}
        helperText={t('notes.pointCounter', { count: text.length })}
      />
      {confirm.dialog}
    </FormDialog>
  );
}
