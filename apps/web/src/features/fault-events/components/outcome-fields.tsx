import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  FAULT_EVENT_OUTCOMES,
  type FaultEventOutcome,
  OUTCOME_FAILURE_MODES,
  type OutcomeFailureMode,
} from '@sdp/contracts';
import { useTranslation } from 'react-i18next';

/** What the user picked in a Done dialog: nothing yet ('') until they choose (issue 25 item 5). */
export type OutcomeChoice = { outcome: FaultEventOutcome | ''; failureMode: OutcomeFailureMode | '' };
export const NO_OUTCOME: OutcomeChoice = { outcome: '', failureMode: '' };

/** Whether the Done cannot be sent yet: no outcome, or a confirmed fault without the failure mode found. */
export function outcomeMissing(choice: OutcomeChoice): boolean {
  return choice.outcome === '' || (choice.outcome === 'fault_confirmed' && choice.failureMode === '');
}

/** The outcome fields of a done request body (failure_mode only with a confirmed fault). */
export function outcomeBody(choice: OutcomeChoice | undefined) {
  if (!choice || choice.outcome === '') return {};
  return choice.outcome === 'fault_confirmed' && choice.failureMode !== ''
    ? { outcome: choice.outcome, failure_mode: choice.failureMode }
    : { outcome: choice.outcome };
}

/**
 * The outcome of a Done (issue 25 item 5): Fault confirmed (then the failure mode found), No fault found, Planned
 * maintenance or Other; required. Alarm precision is counted from these.
 */
export function OutcomeFields({
  value,
  onChange,
  showMissing,
}: {
  value: OutcomeChoice;
  onChange: (value: OutcomeChoice) => void;
  /** The form was submitted without a complete outcome: say what is required. */
  showMissing: boolean;
}) {
  const { t } = useTranslation();
  const noOutcome = showMissing && value.outcome === '';
  const noMode = showMissing && value.outcome === 'fault_confirmed' && value.failureMode === '';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        required
        fullWidth
        label={t('alarmOutcomes.outcome')}
        value={value.outcome}
        onChange={(event) =>
          onChange({
            outcome: event.target.value as FaultEventOutcome,
            failureMode: event.target.value === 'fault_confirmed' ? value.failureMode : '',
          })
        }
        error={noOutcome}
        helperText={noOutcome ? t('alarmOutcomes.outcomeRequired') : t('alarmOutcomes.outcomeHelp')}
      >
        {FAULT_EVENT_OUTCOMES.map((outcome) => (
          <MenuItem key={outcome} value={outcome}>
            {t(`alarmOutcomes.outcomes.${outcome}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.outcome === 'fault_confirmed' ? (
        <TextField
          select
          required
          fullWidth
          label={t('alarmOutcomes.failureMode')}
          value={value.failureMode}
          onChange={(event) => onChange({ ...value, failureMode: event.target.value as OutcomeFailureMode })}
          error={noMode}
          helperText={noMode ? t('alarmOutcomes.failureModeRequired') : ' '}
        >
          {OUTCOME_FAILURE_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`alarmOutcomes.failureModes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Stack>
  );
}
