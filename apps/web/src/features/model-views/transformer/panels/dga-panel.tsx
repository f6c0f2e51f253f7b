import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TrSummaryStatus } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { statusColor, statusInk } from '../../../../components/charts/chart-logic.ts';
import { PanelEmpty, StatusRow } from './panel-card.tsx';
import { dgaRows, gasLabel, type PanelItem, statusOfColour } from './panel-logic.ts';

/**
 * Panels H and I, DGA of the main tank and the OLTC (spec 02 §2.4): the Duval Triangle 1 zone of the latest sample
 * with its meaning, coloured by the worst gas, and every gas with its status dot and ppm.
 */
export function DgaPanel({
  items,
  zone,
}: {
  items: readonly PanelItem[];
  zone: TrSummaryStatus['dga']['main_tank'];
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <PanelEmpty />;
  const colour = statusColor(statusOfColour(zone.colorCode));
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('txPanels.duvalZone')}
        </Typography>
        <Chip
          size="small"
          label={zone.zone ?? t('txPanels.noZone')}
          data-zone={zone.zone ?? ''}
          sx={{ fontWeight: 700, bgcolor: colour, color: statusInk(statusOfColour(zone.colorCode)) }}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {zone.description}
      </Typography>
      {dgaRows(items).map((item) => (
        <StatusRow key={item.tagCode} item={item} label={gasLabel(item.tagCode)} />
      ))}
    </Stack>
  );
}
