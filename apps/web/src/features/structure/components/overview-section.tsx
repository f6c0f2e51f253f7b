import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.tsx';
import { useOverview } from '../api/get-overview.ts';
import { nothingAssigned } from '../assigned-equipment.ts';
import { OverviewPanel } from './overview-panel.tsx';

/**
 * Loads the overview of the company (`folderId` null) or of a folder, and shows it; `filter` and `models` make the
 * count cards choose the rows of the company's model table (see OverviewPanel).
 */
export function OverviewSection({
  companyId,
  folderId,
  filter,
  models,
  modelsReady,
}: {
  companyId: string;
  folderId: string | null;
  filter?: ComponentProps<typeof OverviewPanel>['filter'];
  models?: ReactNode;
  modelsReady?: boolean;
}) {
  const { t } = useTranslation();
  const { me } = useSession();
  const overview = useOverview({ companyId, folderId });
  if (overview.data && nothingAssigned(me, companyId, overview.data.allEquipmentReportJson.length))
    return <EmptyState message={t('structure.noAssignedEquipment')} />;
  if (overview.data)
    return (
      <OverviewPanel overview={overview.data} filter={filter} models={models} modelsReady={modelsReady} />
    );
  if (overview.isError) {
    return (
      <EmptyState message={describeError(overview.error, t)}>
        <Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>
      </EmptyState>
    );
  }
  return (
    <Stack spacing={2} aria-busy>
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}
