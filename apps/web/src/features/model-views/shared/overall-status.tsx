import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelDocuments } from '../api/model-files.ts';
import { ModelDocumentsTab } from './model-documents.tsx';
import { ModelImages } from './model-images.tsx';

type OverallTab = 'diagram' | 'image' | 'document';

/**
 * The Overall Status panel of every model type (spec 02 §2.4): tabs Diagram (what the type passes), Image (the
 * model's pictures) and Document (PM report and manual). Whether the caller may change pictures and documents
 * comes with the document information, decided by the server.
 */
export function OverallStatus({ modelId, diagram }: { modelId: string; diagram?: ReactNode }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OverallTab>('diagram');
  const documents = useModelDocuments(modelId);
  const canEdit = documents.data?.can_edit ?? false;
  // Kept as one element while the tab and language stay: MUI's Tabs measures its tabs (a forced layout of the page)
  // after every render, and this panel re-renders as its documents, the diagram's status and the live data come
  // (issue 29: ~0.2 s of a phone's main thread at Lighthouse's 4x CPU while a model page loads).
  const tabs = useMemo(
    () => (
      <Tabs
        value={tab}
        onChange={(_, next: OverallTab) => setTab(next)}
        sx={{ mb: 2 }}
        aria-label={t('modelView.overallStatus')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="diagram" label={t('modelView.diagram')} />
        <Tab value="image" label={t('modelFiles.image')} />
        <Tab value="document" label={t('modelFiles.document')} />
      </Tabs>
    ),
    [tab, t],
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('modelView.overallStatus')}>
      {tabs}
      {tab === 'diagram'
        ? (diagram ?? (
            <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
              {t('charts.noData')}
            </Typography>
          ))
        : null}
      {tab === 'image' ? <ModelImages modelId={modelId} canEdit={canEdit} /> : null}
      {tab === 'document' ? <ModelDocumentsTab modelId={modelId} documents={documents} /> : null}
    </Paper>
  );
}
