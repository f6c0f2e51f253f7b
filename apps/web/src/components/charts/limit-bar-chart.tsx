import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChartsCanvas } from './echarts-canvas.tsx';
import { buildLimitBarOption, type Indicator, statusCode } from './indicator-logic.ts';

/** Height of one bar row, px. */
const ROW_HEIGHT = 34;

/**
 * Bars of the kit (spec 02 §2.4 B, C oil level; §4): a row per item on its own scale of 1.2 × alarm, filled in its
 * status colour, with amber and red markers at the warning and alarm; value and unit on the right.
 */
export function LimitBarChart({ items, label }: { items: readonly Indicator[]; label: string }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      buildLimitBarOption(items, {
        warning: t('charts.warning'),
        alarm: t('charts.alarm'),
        status: (status) => t(`charts.status.${statusCode(status)}`),
      }),
    [items, t],
  );
  return <EChartsCanvas option={option} height={16 + ROW_HEIGHT * Math.max(1, items.length)} label={label} />;
}
