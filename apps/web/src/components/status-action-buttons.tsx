import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MemberStatus } from '@sdp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsForStatus, type StatusAction } from '../lib/status-actions.ts';

const icons: Record<StatusAction, ReactNode> = {
  edit: <EditOutlined fontSize="small" />,
  resend: <ForwardToInboxOutlined fontSize="small" />,
  activate: <HowToRegOutlined fontSize="small" />,
  delete: <DeleteOutline fontSize="small" />,
};

type StatusActionButtonsProps = {
  status: MemberStatus;
  /** Whom the row is about, for the buttons' accessible names ('Edit owner@example.com'). */
  subject: string;
  /** A handler per action the user may take; actions without one are not shown. */
  handlers: Partial<Record<StatusAction, () => void>>;
  /** Further buttons of the row, shown before the ones of the status. */
  children?: ReactNode;
};

/** The action buttons of a member or administrator row: only those its status allows (spec 01 §4). */
export function StatusActionButtons({ status, subject, handlers, children }: StatusActionButtonsProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
      {children}
      {actionsForStatus(status).map((action) => {
        const handler = handlers[action];
        if (!handler) return null;
        const label = t(`people.${action}`);
        return (
          <Tooltip key={action} title={label}>
            <IconButton
              size="small"
              aria-label={`${label} ${subject}`}
              color={action === 'delete' ? 'error' : 'default'}
              onClick={handler}
            >
              {icons[action]}
            </IconButton>
          </Tooltip>
        );
      })}
    </Box>
  );
}
