import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompanyAlarms } from '../api/get-company-alarms.ts';

/** The header's alarm bell: open fault events of the selected company you see; opens the company alarm list. */
export function AlarmBadge({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCompanyAlarms(companyId, { status: 'open', sort: 'newest' });
  const count = open.data?.total ?? 0;
  return (
    <Tooltip title={t('faultEvents.openAlarms')}>
      <IconButton
        color="inherit"
        aria-label={`${t('faultEvents.openAlarms')}: ${count}`}
        onClick={() => navigate(`/company/${companyId}/alarms`)}
      >
        <Badge color="error" badgeContent={count} max={999}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
