import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearScreen } from '../../../components/charts/when-visible.tsx';
import { preferenceKeys, readPreference, writePreference } from '../../../lib/preferences.ts';
import { SessionContext } from '../../../lib/session.tsx';

type CollapsedByUser = Record<string, boolean>;

function readCollapsed(): CollapsedByUser {
  return readPreference<CollapsedByUser>(
    preferenceKeys.dashboardCollapsed,
    (raw) => {
      const value: unknown = JSON.parse(raw);
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as CollapsedByUser)
        : undefined;
    },
    {},
  );
}

/**
 * The dashboard's tabs and charts, mounted when they near the screen (issue 29: on a phone the dashboard is below
 * the first screen, and its first render, data and charts were most of the model page's main-thread work while it
 * loaded); about their height stands in until then. Unlike the panels under it, it does not mount when the browser
 * is idle: its charts are what a phone spends its time on, and they mean nothing unseen.
 */
function DashboardBody({ children }: { children: ReactNode }) {
  const [box, near] = useNearScreen<HTMLDivElement>('400px 0px');
  return near ? <Box sx={{ pt: 1 }}>{children}</Box> : <Box ref={box} sx={{ pt: 1, minHeight: 480 }} />;
}

/**
 * The Monitoring Dashboard panel of a model page (spec 02 §2.6, collapsible): its title with a Collapse / Expand
 * button; whether it is collapsed is remembered in this browser for the signed-in user, on every model page.
 */
export function MonitoringDashboard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const userId = useContext(SessionContext)?.me.id ?? 'signed-out';
  const [collapsed, setCollapsed] = useState(() => readCollapsed()[userId] === true);
  const contentId = useId();
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    const stored = readCollapsed();
    if (next) stored[userId] = true;
    else delete stored[userId];
    writePreference(preferenceKeys.dashboardCollapsed, JSON.stringify(stored));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        <Button
          size="small"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-controls={contentId}
          startIcon={collapsed ? <ExpandMore /> : <ExpandLess />}
        >
          {collapsed ? t('modelView.expandDashboard') : t('modelView.collapseDashboard')}
        </Button>
      </Box>
      <Collapse in={!collapsed} unmountOnExit id={contentId}>
        <DashboardBody>{children}</DashboardBody>
      </Collapse>
    </Paper>
  );
}
