import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from './errors.ts';

/**
 * Alerts for the outcome of an action (they close by themselves after 4 s): the success text, or the server's
 * `detail` of a failure with the action's fallback text when there is none (spec 01 §8).
 */
export function useFeedback() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      warning: (message: string) => enqueueSnackbar(message, { variant: 'warning' }),
      failure: (error: unknown, fallback: string) =>
        enqueueSnackbar(describeFailure(error, fallback, t), { variant: 'error' }),
    }),
    [t, enqueueSnackbar],
  );
}
