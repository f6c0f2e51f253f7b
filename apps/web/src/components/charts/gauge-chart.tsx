import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChartsCanvas } from './echarts-canvas.tsx';
import { buildGaugeOption, type Indicator, statusCode } from './indicator-logic.ts';

/**
 * A gauge of the kit (spec 02 §2.4 A, §4): the value's pointer in its status colour on a scale of 1.2 × alarm with
 * green, amber and red bands, and the warning and alarm as thin pointers. ECharts loads lazily.
 */
export function GaugeChart({ item, height = 200 }: { item: Indicator; height?: number }) {
  const { t } = useTranslation();
  const option = useMemo(
    () =>
      buildGaugeOption(item, {
        warning: t('charts.warning'),
        alarm: t('charts.alarm'),
        status: (status) => t(`charts.status.${statusCode(status)}`),
      }),
    [item, t],
  );
  return <EChartsCanvas option={option} height={height} label={item.name} />;
}
