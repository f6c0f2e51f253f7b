import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WhenVisible } from '../../../components/charts/when-visible.tsx';
import { useModelSeriesList } from '../api/get-series.ts';
import { SeriesTrend, TREND_STAND_IN_HEIGHT } from './series-trend.tsx';

type SeriesTrendsProps = {
  modelId: string;
  timeZone: string;
  excelFileName: string;
};

/**
 * One trend per tag of the model with its warning and alarm lines, each drawn and fetched when scrolled to; 'No
 * data' when the model has no series.
 */
export function SeriesTrends({ modelId, timeZone, excelFileName }: SeriesTrendsProps) {
  const { t } = useTranslation();
  const list = useModelSeriesList(modelId);
  if (list.isPending) return null;
  const series = list.data ?? [];
  if (series.length === 0)
    return (
      <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
        {t('modelView.noTags')}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {series.map((one) => (
        <WhenVisible key={one.tag} minHeight={TREND_STAND_IN_HEIGHT}>
          <SeriesTrend
            modelId={modelId}
            tags={[one.tag]}
            title={one.unit ? t('modelView.trendTitle', { name: one.name, unit: one.unit }) : one.name}
            timeZone={timeZone}
            excelFileName={excelFileName}
          />
        </WhenVisible>
      ))}
    </Stack>
  );
}
