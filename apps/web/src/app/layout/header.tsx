import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SdpLogo } from '../../components/sdp-logo.tsx';
import { AlarmBadge } from '../../features/fault-events/components/alarm-badge.tsx';
import { initials } from '../../lib/initials.ts';
import { useSession } from '../../lib/session.tsx';
import { HeaderClock } from './header-clock.tsx';
import { SettingsMenu } from './settings-menu.tsx';

type HeaderProps = {
  timeZone: string;
  /** Undefined when the page has no drawer, so there is nothing to toggle. */
  drawerOpen: boolean | undefined;
  onDrawerToggle: () => void;
  onEditProfile: () => void;
};

function Brand() {
  const { t } = useTranslation();
  return (
    <>
      <SdpLogo size={32} tone="contrast" />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        {t('app.shortName')}
      </Typography>
    </>
  );
}

/** The top bar: drawer toggle, logo, company clock, the user and the settings menu. */
export function Header({ timeZone, drawerOpen, onDrawerToggle, onEditProfile }: HeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useSession();
  const selectedCompanyId = me.selectedCompanyId;
  const avatarSrc = me.profileImageUrl ?? me.image ?? undefined;

  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1.5 }}>
        {drawerOpen === undefined ? null : (
          <Tooltip title={t(drawerOpen ? 'header.closeDrawer' : 'header.openDrawer')}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t(drawerOpen ? 'header.closeDrawer' : 'header.openDrawer')}
              aria-expanded={drawerOpen}
              onClick={onDrawerToggle}
            >
              {drawerOpen ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
        )}
        {/* The logo leads to the folder view only once a company is selected in the session (spec 01 §1). */}
        {selectedCompanyId ? (
          <ButtonBase
            onClick={() => navigate(`/company/${selectedCompanyId}`)}
            // The name starts with the visible brand, so speech input ('click SDP') finds it.
            aria-label={`${t('app.shortName')}, ${t('header.goToFolderView')}`}
            sx={{ gap: 1, borderRadius: 1, px: 0.5 }}
          >
            <Brand />
          </ButtonBase>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 0.5 }}>
            <Brand />
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <HeaderClock timeZone={timeZone} />
        {selectedCompanyId ? <AlarmBadge companyId={selectedCompanyId} /> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1 }}>
          <Avatar src={avatarSrc} alt={me.name} sx={{ width: 32, height: 32, fontSize: 14 }}>
            {initials(me.name)}
          </Avatar>
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 500 }}>
            {me.name}
          </Typography>
        </Box>
        <SettingsMenu onEditProfile={onEditProfile} />
      </Toolbar>
    </AppBar>
  );
}
