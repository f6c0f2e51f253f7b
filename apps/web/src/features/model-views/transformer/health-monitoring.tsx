import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { WhenVisible } from '../../../components/charts/when-visible.tsx';
import { useHealthTabs } from '../api/get-health-tabs.ts';
import { useModelSeriesList } from '../api/get-series.ts';
import { useModelCode } from '../api/use-model-code.ts';
import { SeriesTrend, TREND_STAND_IN_HEIGHT } from '../shared/series-trend.tsx';

/**
 * Health Monitoring of a transformer (spec 02 §2.6): the sensor types of the chosen secondary tab, one trend per
 * tag the model has, with its warning and alarm lines. No tabs, or a tab without data, shows 'No data'.
 */
export function HealthMonitoring({
  modelId,
  modelTypeId,
  timeZone,
}: {
  modelId: string;
  modelTypeId: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const modelCode = useModelCode(modelId);
  const tabs = useHealthTabs(modelTypeId);
  const series = useModelSeriesList(modelId);
  const [chosen, setChosen] = useState<number>();
  if (tabs.isPending || series.isPending) return null;
  const list = tabs.data ?? [];
  const noData = (
    <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
      {t('charts.noData')}
    </Typography>
  );
  if (list.length === 0) return noData;
  const tab = list.find((one) => one.id === chosen) ?? list[0];
  if (!tab) return noData;
  const units = new Map((series.data ?? []).map((one) => [one.tag, one.unit]));
  const shown = tab.sensorTypes.filter((sensor) => units.has(sensor.tagCode));
  return (
    <Stack spacing={2}>
      <Tabs
        value={tab.id}
        onChange={(_, next: number) => setChosen(next)}
        variant="scrollable"
        aria-label={t('modelView.healthMonitoring')}
      >
        {list.map((one) => (
          <Tab key={one.id} value={one.id} label={one.name} />
        ))}
      </Tabs>
      {shown.length === 0
        ? noData
        : shown.map((sensor) => {
            const unit = units.get(sensor.tagCode) || sensor.unit;
            return (
              <WhenVisible key={`${tab.id}-${sensor.tagCode}`} minHeight={TREND_STAND_IN_HEIGHT}>
                <SeriesTrend
                  modelId={modelId}
                  tags={[sensor.tagCode]}
                  title={unit ? t('modelView.trendTitle', { name: sensor.name, unit }) : sensor.name}
                  timeZone={timeZone}
                  excelFileName={excelFileName({ kind: 'health_monitoring', modelCode })}
                  logToggle
                />
              </WhenVisible>
            );
          })}
    </Stack>
  );
}
