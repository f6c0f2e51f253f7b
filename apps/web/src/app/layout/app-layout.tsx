import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router';
import { useFollowRouteCompany } from '../../lib/follow-route-company.ts';
import { MODEL_VIEW_QUERY_ROOT, STRUCTURE_QUERY_ROOT } from '../../lib/query-roots.ts';
import { findCompany, useSession } from '../../lib/session.tsx';
import { resolveTimeZone } from '../../lib/time.ts';
import { useLiveEvents } from '../../lib/use-live-events.ts';
import { useRouteHandle } from '../route-handle.ts';
import { CompanyDrawer } from './company-drawer.tsx';
import { useDrawerWidth } from './drawer-width.ts';
import { Header } from './header.tsx';

/**
 * First elements of the query keys live events make stale: the company tree, dashboard and folder overviews, and
 * the open model page.
 */
const LIVE_QUERY_ROOTS = [STRUCTURE_QUERY_ROOT, MODEL_VIEW_QUERY_ROOT] as const;

// The profile dialog is opened from a menu, rarely; keep it out of the first download.
const ProfileDialog = lazy(() =>
  import('../../features/profile/components/profile-dialog.tsx').then((module) => ({
    default: module.ProfileDialog,
  })),
);

/**
 * Longest the page waits for the side tree's width (see below) before it shows anyway, at the tree's default width:
 * a slow tree must not keep the page blank.
 */
const DRAWER_FIT_WAIT_MS = 3000;

/** Chrome of the signed-in area: header, company drawer and the current page. */
export function AppLayout() {
  const { me } = useSession();
  const { drawer = 'open', routeId } = useRouteHandle();
  // Company routes show the company in the address; other pages show the session's selected company.
  const companyRoute = useMatch({ path: '/company/:id', end: false });
  const company = findCompany(me, companyRoute?.params.id ?? me.selectedCompanyId);
  useFollowRouteCompany(companyRoute?.params.id);
  const { width, settled, fit, resize, save } = useDrawerWidth();
  const [fitWaitOver, setFitWaitOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFitWaitOver(true), DRAWER_FIT_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useLiveEvents(company?.id, LIVE_QUERY_ROOTS);
  const [drawerToggle, setDrawerToggle] = useState<{ routeId: string | undefined; open: boolean }>({
    routeId: undefined,
    open: false,
  });
  const [profileOpen, setProfileOpen] = useState(false);
  // Phones and small tablets (under 900 px): the drawer lies over the page, starts closed on every page and
  // closes after any navigation (issue 17 item 4); a location of its own keys the toggle.
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const { key: locationKey } = useLocation();
  const [overlay, setOverlay] = useState<{ locationKey: string; open: boolean }>({
    locationKey: '',
    open: false,
  });

  // Each page starts with its own default (open, or closed on Model View) until the user toggles it there.
  const hasDrawer = company !== undefined && drawer !== 'hidden';
  const drawerOpen = !hasDrawer
    ? undefined
    : narrow
      ? overlay.locationKey === locationKey && overlay.open
      : drawerToggle.routeId === routeId
        ? drawerToggle.open
        : drawer === 'open';
  // An open drawer beside the page widens to its tree's names once the tree is in (issue 27.4), which would push the
  // page sideways after it is drawn (issue 29: layout shift). Until then the page renders (its code and data load)
  // but is not shown; both then appear in their final places. A width the user chose is final from the start.
  const waitForDrawer = drawerOpen === true && !narrow && !settled && !fitWaitOver;
  // The width's first change (the fit) is not animated: the page appears beside the drawer at its final width.
  // Opening and closing animate from the frame after (React may run this effect before the browser has drawn the
  // fitted width, and a transition switched on in the same frame would animate the fit after all).
  const [drawerAnimates, setDrawerAnimates] = useState(false);
  useEffect(() => {
    if (!settled && !fitWaitOver) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setDrawerAnimates(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [settled, fitWaitOver]);
  const toggleDrawer = () =>
    narrow ? setOverlay({ locationKey, open: !drawerOpen }) : setDrawerToggle({ routeId, open: !drawerOpen });

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header
        timeZone={resolveTimeZone(company?.time_zone)}
        drawerOpen={drawerOpen}
        onDrawerToggle={toggleDrawer}
        onEditProfile={() => setProfileOpen(true)}
      />
      {company && drawerOpen !== undefined ? (
        <CompanyDrawer
          company={company}
          open={drawerOpen}
          overlay={narrow}
          onClose={() => setOverlay({ locationKey, open: false })}
          width={width}
          onResize={resize}
          onResizeEnd={save}
          // A tree slower than the wait no longer moves the page it came beside: the drawer keeps its width.
          onWidthForNames={fitWaitOver && !settled ? undefined : fit}
          animate={drawerAnimates}
          waiting={waitForDrawer}
        />
      ) : null}
      <Box
        component="main"
        aria-busy={waitForDrawer || undefined}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, md: 3 },
          visibility: waitForDrawer ? 'hidden' : undefined,
        }}
      >
        <Toolbar />
        <Outlet />
      </Box>
      {profileOpen ? (
        <Suspense fallback={null}>
          <ProfileDialog onClose={() => setProfileOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
