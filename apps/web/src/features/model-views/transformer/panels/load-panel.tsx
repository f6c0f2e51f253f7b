import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TrSummaryStatus } from '@sdp/contracts';
import { GaugeChart } from '../../../../components/charts/gauge-chart.tsx';
import { quantityText } from '../../../../components/charts/indicator-logic.ts';
import { PanelEmpty } from './panel-card.tsx';
import { indicatorOf } from './panel-logic.ts';

/**
 * Panel A, load consumption (spec 02 §2.4, §4): a gauge per consumption tag with its warning and alarm pointers on a
 * scale of 1.2 × alarm, the sub value (apparent power under the load) and the unit.
 */
export function LoadPanel({ gauges }: { gauges: TrSummaryStatus['a'] }) {
  if (gauges.length === 0) return <PanelEmpty />;
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1 }}
    >
      {gauges.map((gauge) => (
        <Box key={gauge.tagCode} data-tag={gauge.tagCode} sx={{ textAlign: 'center', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {gauge.name}
          </Typography>
          <GaugeChart item={indicatorOf(gauge)} height={190} />
          {gauge.subValue !== null && gauge.subUnit ? (
            <Typography variant="caption" color="text.secondary" data-sub-value>
              {quantityText(gauge.subValue, gauge.subUnit, gauge.status)}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
