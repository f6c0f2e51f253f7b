import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ModelDetail } from '@sdp/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { describeFailure } from '../../../lib/errors.ts';

/** What a model page shows until its model is there: a spinner, or why it could not be loaded and a retry. */
export function ModelQueryState({ query }: { query: UseQueryResult<ModelDetail> }) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <EmptyState message={describeFailure(query.error, t('models.loadFailed'), t)}>
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
