import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Check from '@mui/icons-material/Check';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthConfig } from '../../features/auth/api/get-auth-config.ts';
import { signOut } from '../../features/auth/sign-out.ts';
import { useRealtimeScheduler } from '../../features/fault-events/api/get-realtime-scheduler.ts';
import { faultEventsKeys } from '../../features/fault-events/api/keys.ts';
import { setRealtimeScheduler } from '../../features/fault-events/api/set-realtime-scheduler.ts';
import { describeError } from '../../lib/errors.ts';
import { currentLanguage, languages, setLanguage } from '../../lib/i18n.ts';
import { canIn, isPlatformAdmin } from '../../lib/permissions.ts';
import { writeRealtimeFaultEvent } from '../../lib/realtime-switch.ts';
import { useSession } from '../../lib/session.tsx';

/** How long the real-time switch confirms its new state (spec 01 §9: 2 s for the setting switch). */
const REALTIME_MESSAGE_MS = 2000;

function IconMenuItem({
  icon,
  children,
  onClick,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <MenuItem onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{children}</ListItemText>
    </MenuItem>
  );
}

type SettingsMenuProps = {
  onEditProfile: () => void;
};

/** The header's settings menu: profile, issue reporting, admin settings, preferences and sign-out. */
export function SettingsMenu({ onEditProfile }: SettingsMenuProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { me } = useSession();
  const { data: authConfig } = useAuthConfig();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The server's state (issue 26 item 6): the same in every browser, OFF until it says ON.
  const queryClient = useQueryClient();
  const scheduler = useRealtimeScheduler();
  const realtime = scheduler.data?.enable ?? false;
  const language = currentLanguage(i18n.resolvedLanguage);
  const reportIssueUrl = authConfig?.reportIssueUrl;
  const selectedCompanyId = me.selectedCompanyId;

  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const handleEditProfile = () => {
    close();
    onEditProfile();
  };
  const handleSignOut = () => {
    close();
    // With an identity provider the browser then ends the provider's session, which returns to /logout/redirect.
    signOut(authConfig?.mode).then(
      (target) => (target.startsWith('/') ? navigate(target) : window.location.assign(target)),
      (error) => enqueueSnackbar(describeError(error, t), { variant: 'error' }),
    );
  };
  const handleRealtimeToggle = () => {
    const next = !realtime;
    // Live updates always flow; the switch adds a browser notification and a mail per new event of your equipment.
    // It shows what the server answered, so it is never ON while no mail would be sent.
    setRealtimeScheduler(next, i18n.language).then(
      (state) => {
        queryClient.setQueryData(faultEventsKeys.scheduler, state);
        writeRealtimeFaultEvent(state.enable);
        enqueueSnackbar(t(state.enable ? 'header.realtimeFaultEventOn' : 'header.realtimeFaultEventOff'), {
          variant: 'info',
          autoHideDuration: REALTIME_MESSAGE_MS,
        });
      },
      (error) => enqueueSnackbar(describeError(error, t), { variant: 'error' }),
    );
  };

  return (
    <>
      <Tooltip title={t('header.settings')}>
        <IconButton
          color="inherit"
          aria-label={t('header.settings')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <SettingsOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 280 } } }}
      >
        <IconMenuItem icon={<ManageAccountsOutlined fontSize="small" />} onClick={handleEditProfile}>
          {t('header.editProfile')}
        </IconMenuItem>
        {reportIssueUrl ? (
          <MenuItem
            component="a"
            href={reportIssueUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <BugReportOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('header.reportIssue')}</ListItemText>
          </MenuItem>
        ) : null}
        {selectedCompanyId && canIn(me, selectedCompanyId, 'ManageIngestKeys') ? (
          <IconMenuItem
            icon={<KeyOutlined fontSize="small" />}
            onClick={() => go(`/company/${selectedCompanyId}/settings`)}
          >
            {t('header.companySettings')}
          </IconMenuItem>
        ) : null}
        {isPlatformAdmin(me) ? (
          <IconMenuItem icon={<ApartmentOutlined fontSize="small" />} onClick={() => go('/companies')}>
            {t('header.settingCompanies')}
          </IconMenuItem>
        ) : null}
        {isPlatformAdmin(me) ? (
          <IconMenuItem
            icon={<AdminPanelSettingsOutlined fontSize="small" />}
            onClick={() => go('/user/admin')}
          >
            {t('header.settingAdmin')}
          </IconMenuItem>
        ) : null}
        {isPlatformAdmin(me) ? (
          <IconMenuItem icon={<OutboxOutlined fontSize="small" />} onClick={() => go('/setting/mail-outbox')}>
            {t('header.mailOutbox')}
          </IconMenuItem>
        ) : null}
        {isPlatformAdmin(me) ? (
          <IconMenuItem icon={<HistoryOutlined fontSize="small" />} onClick={() => go('/setting/audit')}>
            {t('header.auditLog')}
          </IconMenuItem>
        ) : null}
        <Divider />
        <MenuItem role="menuitemcheckbox" aria-checked={realtime} onClick={handleRealtimeToggle}>
          <ListItemText>{t('header.realtimeFaultEvent')}</ListItemText>
          <Switch checked={realtime} size="small" edge="end" tabIndex={-1} aria-hidden />
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('language.label')}</ListSubheader>
        {languages.map((option) => (
          <MenuItem
            key={option}
            role="menuitemradio"
            aria-checked={option === language}
            onClick={() =>
              // Thai's dictionary is fetched the first time: a failed fetch keeps the current language and says why.
              setLanguage(option, (error) => enqueueSnackbar(describeError(error, t), { variant: 'error' }))
            }
          >
            <ListItemIcon>{option === language ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText lang={option}>{t(`language.${option}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <IconMenuItem icon={<LogoutOutlined fontSize="small" />} onClick={handleSignOut}>
          {t('header.signOut')}
        </IconMenuItem>
      </Menu>
    </>
  );
}
