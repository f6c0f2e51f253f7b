import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  ALARM_COLOR,
  statusColor,
  statusTextColor,
  WARNING_COLOR,
} from '../../../../components/charts/chart-logic.ts';
import { quantityText } from '../../../../components/charts/indicator-logic.ts';
import { LimitBarChart } from '../../../../components/charts/limit-bar-chart.tsx';
import { PanelEmpty, StatusRow } from './panel-card.tsx';
import {
  indicatorOf,
  type PanelItem,
  splitThermal,
  thermometerFill,
  thermometerTicks,
} from './panel-logic.ts';

const TUBE = { x: 22, y: 8, width: 16, height: 110 };

/** A thermometer: the column filled to the value on 0–1.2 × alarm in its status colour, ticks at the limits. */
function Thermometer({ item }: { item: PanelItem }) {
  const { t } = useTranslation();
  const fill = thermometerFill(item);
  const colour = statusColor(item.status);
  const text = quantityText(item.value, item.unit, item.status);
  const yOf = (share: number) => TUBE.y + TUBE.height * (1 - share);
  return (
    <Stack sx={{ alignItems: 'center', minWidth: 0, flex: '1 1 0' }} data-tag={item.tagCode}>
      <svg viewBox="0 0 60 150" width="60" height="150" role="img" aria-label={`${item.name}: ${text}`}>
        <rect {...TUBE} rx="8" fill="#eef1f5" stroke="#8a8f98" />
        <rect
          x={TUBE.x + 4}
          y={yOf(fill)}
          width={TUBE.width - 8}
          height={TUBE.y + TUBE.height - yOf(fill)}
          fill={colour}
        />
        <circle
          cx={TUBE.x + TUBE.width / 2}
          cy={TUBE.y + TUBE.height + 14}
          r="14"
          fill={colour}
          stroke="#8a8f98"
        />
        {thermometerTicks(item).map((tick) => (
          <g key={tick.kind}>
            <title>{`${t(`charts.${tick.kind}`)}: ${quantityText(tick.value, item.unit)}`}</title>
            <line
              x1={TUBE.x - 6}
              x2={TUBE.x + TUBE.width + 6}
              y1={yOf(tick.share)}
              y2={yOf(tick.share)}
              stroke={tick.kind === 'warning' ? WARNING_COLOR : ALARM_COLOR}
              strokeWidth="2"
            />
          </g>
        ))}
      </svg>
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, color: statusTextColor(item.status), whiteSpace: 'nowrap' }}
      >
        {text}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ textAlign: 'center', overflowWrap: 'anywhere' }}
      >
        {item.name}
      </Typography>
    </Stack>
  );
}

/** Panel C, thermal / oil level (spec 02 §2.4): thermometers, the oil-level bar (accessory_oil_level), other rows. */
export function ThermalPanel({ items }: { items: readonly PanelItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <PanelEmpty />;
  const { thermometers, oilLevel, rows } = splitThermal(items);
  return (
    <Stack spacing={1}>
      {thermometers.length ? (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-around' }}>
          {thermometers.map((item) => (
            <Thermometer key={item.tagCode} item={item} />
          ))}
        </Stack>
      ) : null}
      {oilLevel.length ? (
        <Box data-tag="accessory_oil_level">
          <LimitBarChart items={oilLevel.map(indicatorOf)} label={t('txPanels.oilLevel')} />
        </Box>
      ) : null}
      {rows.map((item) => (
        <StatusRow key={item.tagCode} item={item} />
      ))}
    </Stack>
  );
}
