import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { TreeMenuAction } from '../tree-menu.ts';
import type { TreeRow } from '../tree-rows.ts';

/** A context menu to show: on which row, with which entries, where on the screen. */
export type MenuRequest = {
  row: TreeRow;
  entries: TreeMenuAction[];
  position: { top: number; left: number };
};

type TreeContextMenuProps = {
  request: MenuRequest | null;
  onClose: () => void;
  onAction: (action: TreeMenuAction, row: TreeRow) => void;
};

/** The right-click menu of a tree node, with the entries `treeMenuEntries` allows. */
export function TreeContextMenu({ request, onClose, onAction }: TreeContextMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      open={request !== null}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={request?.position}
      slotProps={{ list: { dense: true, 'aria-label': t('structure.menu.label') } }}
    >
      {request?.entries.map((action) => (
        <MenuItem key={action} onClick={() => onAction(action, request.row)}>
          {t(`structure.menu.${action}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
