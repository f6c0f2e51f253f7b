import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { MyCompany } from '@sdp/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { companyMembersPath } from '../../lib/company-paths.ts';
import { initials } from '../../lib/initials.ts';
import { canIn } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session.tsx';
import { calendarDateIn, companyExpiry, formatCompanyDate } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { DrawerResizeHandle } from './drawer-resize-handle.tsx';

// The side tree (and TanStack Virtual) loads after the chrome, so the first paint stays light.
const StructureTree = lazy(() =>
  import('../../features/structure/components/structure-tree.tsx').then((module) => ({
    default: module.StructureTree,
  })),
);

type CompanyDrawerProps = {
  company: MyCompany;
  open: boolean;
  /** Under 900 px: over the page, closed by the backdrop or Escape (onClose). */
  overlay: boolean;
  onClose: () => void;
  width: number;
  onResize: (width: number) => void;
  onResizeEnd: (width: number) => void;
  /** The tree's width for its names, the drawer's width until the user sets one. */
  onWidthForNames: ((width: number) => void) | undefined;
  /**
   * Whether width changes animate (opening and closing); off until the width has settled, so the tree's fit takes
   * effect at once rather than sliding the page beside it.
   */
  animate?: boolean;
  /** While the width is not final: the drawer keeps its place but shows nothing (its centred content would move). */
  waiting?: boolean;
};

/** The side panel of company pages: logo, name, description, expiry date, remaining days and the 'All Model' tree. */
export function CompanyDrawer({
  company,
  open,
  overlay,
  onClose,
  width,
  onResize,
  onResizeEnd,
  onWidthForNames,
  animate = true,
  waiting = false,
}: CompanyDrawerProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const onMembers = useMatch('/company/:id/members') !== null;
  const onSettings = useMatch('/company/:id/settings') !== null;
  const canInvite = canIn(me, company.id, 'InviteMemberToCompany');
  const canManageKeys = canIn(me, company.id, 'ManageIngestKeys');
  const canViewAudit = canIn(me, company.id, 'ViewAuditLog');
  const onAudit = useMatch('/company/:id/audit') !== null;
  // Days left: the minute is precise enough.
  const now = useNow(60_000);
  const [resizing, setResizing] = useState(false);
  const { daysLeft, expired } = companyExpiry(company.end_date, calendarDateIn(now, company.time_zone));

  const handleResize = (next: number) => {
    setResizing(true);
    onResize(next);
  };
  const handleResizeEnd = (next: number) => {
    setResizing(false);
    onResizeEnd(next);
  };

  return (
    <Drawer
      variant={overlay ? 'temporary' : 'persistent'}
      anchor="left"
      open={open}
      onClose={onClose}
      sx={
        overlay
          ? { '& .MuiDrawer-paper': { width: `min(${width}px, 88vw)`, boxSizing: 'border-box' } }
          : {
              width: open ? width : 0,
              flexShrink: 0,
              // Following the pointer exactly matters more than a smooth animation while dragging.
              transition: (theme) => (resizing || !animate ? 'none' : theme.transitions.create('width')),
              '& .MuiDrawer-paper': {
                width,
                boxSizing: 'border-box',
                visibility: waiting ? 'hidden' : undefined,
              },
            }
      }
      slotProps={{ paper: { component: 'aside', 'aria-label': t('drawer.label') } }}
    >
      {/* Over the page (phones) the drawer covers the header: no room to keep for it. */}
      {overlay ? null : <Toolbar />}
      <Box sx={{ p: 3, display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center' }}>
        <Avatar
          variant="rounded"
          src={company.image_path ?? undefined}
          alt={company.title}
          sx={{ width: 96, height: 96, fontSize: 32, bgcolor: 'primary.main' }}
        >
          {initials(company.title)}
        </Avatar>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {company.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {company.description || t('drawer.noDescription')}
        </Typography>
        <Typography variant="body2" color={expired ? 'error' : 'text.primary'} sx={{ fontWeight: 500 }}>
          {t('drawer.expiryDate', { date: formatCompanyDate(company.end_date) })}
        </Typography>
        <Typography variant="body2" color={expired ? 'error' : 'text.secondary'}>
          {t('drawer.remainingDays', { count: Math.max(0, daysLeft) })}
        </Typography>
      </Box>
      <Divider />
      {canInvite || canManageKeys || canViewAudit ? (
        <List dense component="nav" aria-label={t('drawer.pages')}>
          {canInvite ? (
            <ListItemButton component={Link} selected={onMembers} to={companyMembersPath(company)}>
              <ListItemIcon>
                <GroupOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t('drawer.members')} />
            </ListItemButton>
          ) : null}
          {canManageKeys ? (
            <ListItemButton component={Link} selected={onSettings} to={`/company/${company.id}/settings`}>
              <ListItemIcon>
                <SettingsOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t('drawer.companySettings')} />
            </ListItemButton>
          ) : null}
          {canViewAudit ? (
            <ListItemButton component={Link} selected={onAudit} to={`/company/${company.id}/audit`}>
              <ListItemIcon>
                <HistoryOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={t('drawer.auditLog')} />
            </ListItemButton>
          ) : null}
        </List>
      ) : null}
      <Suspense fallback={null}>
        <StructureTree key={company.id} company={company} onWidthForNames={onWidthForNames} />
      </Suspense>
      {overlay ? null : (
        <DrawerResizeHandle width={width} onResize={handleResize} onResizeEnd={handleResizeEnd} />
      )}
    </Drawer>
  );
}
