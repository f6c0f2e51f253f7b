import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TrSummaryStatus } from '@sdp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statusTextColor } from '../../../../components/charts/chart-logic.ts';
import { quantityText } from '../../../../components/charts/indicator-logic.ts';
import { LimitBarChart } from '../../../../components/charts/limit-bar-chart.tsx';
import { modelStatusKind } from '../../../../lib/model-status.ts';
import { useTrSummary } from '../../api/get-tr-summary.ts';
import { DgaPanel } from './dga-panel.tsx';
import { FanIcon } from './fan-icon.tsx';
import { LoadPanel } from './load-panel.tsx';
import { PanelCard, PanelEmpty, StatusRow } from './panel-card.tsx';
import { indicatorOf, type PanelKey, panelStatus, windingLabel } from './panel-logic.ts';
import { ThermalPanel } from './thermal-panel.tsx';

/** The content of each panel of spec 02 §2.4. */
function PanelContent({ panel: key, summary }: { panel: PanelKey; summary: TrSummaryStatus }): ReactNode {
  const { t } = useTranslation();
  switch (key) {
    case 'a':
      return <LoadPanel gauges={summary.a} />;
    case 'b':
      return summary.b.length ? (
        <LimitBarChart items={summary.b.map(indicatorOf)} label={t('txPanels.names.b')} />
      ) : (
        <PanelEmpty />
      );
    case 'c':
      return <ThermalPanel items={summary.c} />;
    case 'd':
      // Rows A, B, C from the Locus Result Sum tags, with a status dot.
      return summary.d.length ? (
        summary.d.map((item) => <StatusRow key={item.tagCode} item={item} label={windingLabel(item)} />)
      ) : (
        <PanelEmpty />
      );
    case 'e': {
      // Value, name, unit: the main-tank PD level large, other PD items as rows.
      const [main, ...rest] = summary.e;
      if (!main) return <PanelEmpty />;
      return (
        <Stack spacing={0.5}>
          <Box data-tag={main.tagCode}>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontWeight: 700, color: statusTextColor(main.status) }}
            >
              {quantityText(main.value, main.unit, main.status)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {main.name}
            </Typography>
          </Box>
          {rest.map((item) => (
            <StatusRow key={item.tagCode} item={item} />
          ))}
        </Stack>
      );
    }
    case 'g': {
      // The fan icon in the colour of the cooling status, then its items.
      const status = panelStatus(summary, 'g');
      return (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FanIcon status={status} label={t(`modelStatus.${modelStatusKind(status)}`)} />
            <Typography sx={{ fontWeight: 700, color: statusTextColor(status) }}>
              {t(`modelStatus.${modelStatusKind(status)}`)}
            </Typography>
          </Stack>
          {summary.g.map((item) => (
            <StatusRow key={item.tagCode} item={item} />
          ))}
        </Stack>
      );
    }
    case 'h':
      return <DgaPanel items={summary.h} zone={summary.dga.main_tank} />;
    case 'i':
      return <DgaPanel items={summary.i} zone={summary.dga.oltc} />;
    default:
      // F and J: status dots.
      return summary[key].length ? (
        summary[key].map((item) => <StatusRow key={item.tagCode} item={item} />)
      ) : (
        <PanelEmpty />
      );
  }
}

/** Where each panel sits: the load gauges and the DGA take two columns on wide screens. */
const WIDE: readonly PanelKey[] = ['a', 'b'];

/**
 * Panels A–J of the transformer detail (spec 02 §2.4) from tr-summary-status: load gauges, current and voltage bars,
 * thermometers and the oil-level bar, winding rows, main-tank PD, bushing and OLTC dots, the fan, and the DGA of the
 * main tank and the OLTC with their Duval zones. Values, limits and statuses are the server's.
 */
export function TransformerPanels({ modelId }: { modelId: string }) {
  const { t } = useTranslation();
  const summary = useTrSummary(modelId);
  if (summary.isPending) return null;
  if (!summary.data)
    return (
      <Stack direction="row" spacing={1} role="alert" sx={{ alignItems: 'center', p: 1 }}>
        <Typography color="error">{t('txPanels.loadFailed')}</Typography>
        <Button size="small" variant="outlined" onClick={() => void summary.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  const data = summary.data;
  return (
    <Box
      component="section"
      aria-label={t('txPanels.title')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] as const).map((key) => (
        <Box key={key} sx={{ gridColumn: WIDE.includes(key) ? { lg: 'span 2' } : undefined, minWidth: 0 }}>
          <PanelCard panel={key} status={panelStatus(data, key)}>
            <PanelContent panel={key} summary={data} />
          </PanelCard>
        </Box>
      ))}
    </Box>
  );
}
