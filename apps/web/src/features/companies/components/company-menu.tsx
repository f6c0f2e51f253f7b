import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Company } from '@sdp/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the card menu can ask for. */
export type CompanyMenuAction = 'members' | 'edit' | 'delete' | 'restore';

type CompanyMenuProps = {
  company: Company;
  onAction: (action: CompanyMenuAction, company: Company) => void;
};

const items: Record<
  CompanyMenuAction,
  { icon: ReactNode; label: 'manageMember' | 'edit' | 'delete' | 'restore' }
> = {
  members: { icon: <GroupOutlined fontSize="small" />, label: 'manageMember' },
  edit: { icon: <EditOutlined fontSize="small" />, label: 'edit' },
  delete: { icon: <DeleteOutlined fontSize="small" />, label: 'delete' },
  restore: { icon: <RestoreFromTrashOutlined fontSize="small" />, label: 'restore' },
};

/** The per-card menu of an administrator: Manage Member, Edit, Delete; Restore for a deleted company. */
export function CompanyMenu({ company, onAction }: CompanyMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions: CompanyMenuAction[] = company.deleted_at ? ['restore'] : ['members', 'edit', 'delete'];

  return (
    <>
      <IconButton
        size="small"
        aria-label={t('companies.actionsFor', { title: company.title })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action, company);
            }}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={action === 'delete' ? { color: 'error.main' } : undefined}>
              {items[action].icon}
            </ListItemIcon>
            <ListItemText>{t(`companies.${items[action].label}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
