import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useModelBaseline } from '../api/get-model-baseline.ts';
import { useResetModelBaseline } from '../api/reset-model-baseline.ts';

type BaselineStatusProps = {
  modelId: string;
  /** ADMIN, OWNER and OWNER_RVS (ConfigDataModelInfo) may reset; the server checks it again. */
  canReset: boolean;
  /**
   * Whether the model's type has values that learn (every type but the transformer): its line then stands at its
   * size while the baseline loads, so the page below is not pushed down when it comes (issue 29: layout shift).
   */
  learns: boolean;
};

/**
 * Where the model's learned baselines stand (issue 25 item 4): "Learning baseline (day 3 of 14)" while any monitored
 * value learns, "Baseline learned" after; Reset baseline starts a new learning period (after maintenance).
 */
export function BaselineStatus({ modelId, canReset, learns }: BaselineStatusProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const baseline = useModelBaseline(modelId);
  const reset = useResetModelBaseline(modelId);
  const { ask, dialog } = useConfirm();
  const data = baseline.data;
  if (baseline.isPending && learns)
    return (
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        aria-hidden
      >
        <Chip size="small" variant="outlined" label={<Skeleton width={180} />} />
        {canReset ? (
          <Button size="small" variant="outlined" disabled tabIndex={-1}>
            {t('baseline.reset')}
          </Button>
        ) : null}
      </Stack>
    );
  if (!data || data.tags.length === 0) return null;
  const label = data.learning
    ? data.learningDays > 0 && data.day !== null
      ? t('baseline.learning', { day: data.day, days: data.learningDays })
      : t('baseline.learningCaptures')
    : t('baseline.learned');
  const handleReset = () =>
    ask({
      title: t('baseline.reset'),
      message: t('baseline.resetMessage'),
      confirmLabel: t('baseline.reset'),
      run: async () => {
        try {
          await reset.mutateAsync();
          enqueueSnackbar(t('baseline.resetDone'), { variant: 'success' });
        } catch {
          enqueueSnackbar(t('baseline.resetFailed'), { variant: 'error' });
        }
      },
    });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {/* The dark shade: the main info blue on the page's grey is 3.6:1, under WCAG AA's 4.5:1 (Lighthouse). */}
      <Chip
        size="small"
        variant="outlined"
        color={data.learning ? 'info' : 'success'}
        label={label}
        sx={{ color: data.learning ? 'info.dark' : 'success.dark' }}
      />
      {canReset ? (
        <Button size="small" variant="outlined" onClick={handleReset} disabled={reset.isPending}>
          {t('baseline.reset')}
        </Button>
      ) : null}
      {dialog}
    </Stack>
  );
}
