import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { excelFileName } from '../../../components/charts/chart-logic.ts';
import { SeriesTrends } from './series-trends.tsx';
import type { ModelTypeViewProps } from './view-props.ts';

/** A type's trends of every tag until its own dashboard is built: Excel named from the model code and tab. */
export function TrendView({ model, timeZone, configuration, tab }: ModelTypeViewProps & { tab: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {configuration}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('modelView.trend')}
        </Typography>
        <SeriesTrends
          modelId={model.id}
          timeZone={timeZone}
          excelFileName={excelFileName({ kind: 'tab', modelCode: model.modelCode, tab })}
        />
      </Paper>
    </Stack>
  );
}
