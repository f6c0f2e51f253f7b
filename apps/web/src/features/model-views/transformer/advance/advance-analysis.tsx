import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DgaTab } from './dga-tab.tsx';
import { LocusTab } from './locus-tab.tsx';
import { LossesTab } from './losses-tab.tsx';
import { PdScatter } from './pd-scatter.tsx';

/** Secondary tabs of Advance analysis by id (spec 02 §2.6). */
const ADVANCE_TABS = [
  { id: 8, key: 'pd' },
  { id: 9, key: 'dga' },
  { id: 10, key: 'locus' },
  { id: 11, key: 'losses' },
] as const;

/**
 * Advance analysis of a transformer (spec 02 §2.6): the secondary tab id chooses the graph: 8 phase-resolved
 * partial discharge scatter, 9 DGA triangle, 10 V–I locus, 11 losses. Only the chosen tab mounts and fetches.
 */
export function AdvanceAnalysis({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<number>(8);
  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_, next: number) => setTab(next)}
        variant="scrollable"
        aria-label={t('txAnalysis.advance')}
      >
        {ADVANCE_TABS.map((one) => (
          <Tab key={one.id} value={one.id} label={t(`txAnalysis.tabs.${one.key}`)} />
        ))}
      </Tabs>
      {tab === 8 ? <PdScatter modelId={modelId} timeZone={timeZone} /> : null}
      {tab === 9 ? <DgaTab modelId={modelId} timeZone={timeZone} /> : null}
      {tab === 10 ? <LocusTab modelId={modelId} timeZone={timeZone} /> : null}
      {tab === 11 ? <LossesTab modelId={modelId} timeZone={timeZone} /> : null}
    </Stack>
  );
}
