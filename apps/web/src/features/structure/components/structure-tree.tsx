import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { MyCompany, TreeNode } from '@sdp/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { describeError } from '../../../lib/errors.ts';
import { canIn, isPlatformAdmin, roleIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useTree } from '../api/get-tree.ts';
import { nothingAssigned } from '../assigned-equipment.ts';
import { offlineLinkHref } from '../offline-link.ts';
import { useCollapsedRows } from '../tree-expansion.ts';
import { type TreeMenuTarget, type TreeViewer, treeMenuEntries } from '../tree-menu.ts';
import { flattenTree, folderViewPath, type TreeRow, treeWidthForNames } from '../tree-rows.ts';
import { type MenuRequest, TreeContextMenu } from './tree-context-menu.tsx';
import { TREE_ROW_HEIGHT, type TreeRowLabels, TreeRowView, treeRowId } from './tree-row.tsx';
import { useTreeActions } from './use-tree-actions.tsx';

const rowHeight = () => TREE_ROW_HEIGHT;

/** The node kind a row's context menu is about. */
function menuTarget(row: TreeRow): TreeMenuTarget | null {
  if (row.kind === 'group') return null;
  if (row.kind === 'model')
    return { kind: 'model', isOffline: row.model.is_offline, isActive: row.model.isActive === 'active' };
  if (row.node.type === 'company') return { kind: 'company' };
  if (row.node.type === 'folder') return { kind: 'folder', isPrimaryFolder: row.node.isPrimaryFolder };
  return { kind: 'equipment' };
}

/** The row the address points at: a model's pages, the selected folder, or the company root. */
function useSelectedKey(root: TreeNode): string | undefined {
  const { pathname, search } = useLocation();
  const model = matchPath('/model/:id', pathname) ?? matchPath('/setting/model/:id', pathname);
  if (model?.params.id) return model.params.id;
  if (!matchPath('/company/:id', pathname)) return undefined;
  return new URLSearchParams(search).get('folderSelect') ?? root.id;
}

type StructureTreeProps = {
  company: MyCompany;
  /**
   * Told once the tree is in: the width that shows every open row's name whole (the drawer's default); 0 when the
   * tree has no names to show (it failed, or nothing is assigned), so the drawer knows its width is final.
   */
  onWidthForNames?: ((width: number) => void) | undefined;
};

/**
 * 'All Model', the side tree of a company (spec 01 §1, §2): root → folders → equipment tags → online and
 * offline models, with status dots and the context menus of spec 01 §6. Only the rows in view are drawn, so
 * thousands of nodes scroll smoothly; which rows are collapsed is remembered per company.
 */
export function StructureTree({ company, onWidthForNames }: StructureTreeProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const tree = useTree(company.id);
  const { me } = useSession();
  const noNames =
    tree.isError || (tree.data !== undefined && nothingAssigned(me, company.id, tree.data.children.length));
  useEffect(() => {
    if (noNames) onWidthForNames?.(0);
  }, [noNames, onWidthForNames]);

  return (
    <Box sx={{ flex: '1 1 auto', minHeight: 240, display: 'flex', flexDirection: 'column' }}>
      <Typography
        id={headingId}
        variant="subtitle2"
        component="h3"
        sx={{ px: 2, pt: 1.5, pb: 0.5, color: 'text.secondary', letterSpacing: 0.5 }}
      >
        {t('structure.tree.heading')}
      </Typography>
      {tree.data && nothingAssigned(me, company.id, tree.data.children.length) ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('structure.noAssignedEquipment')}
        </Typography>
      ) : tree.data ? (
        <TreeView
          company={company}
          root={tree.data}
          labelledBy={headingId}
          onWidthForNames={onWidthForNames}
        />
      ) : tree.isError ? (
        <Alert
          severity="error"
          sx={{ mx: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void tree.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeError(tree.error, t)}
        </Alert>
      ) : (
        <LinearProgress sx={{ mx: 2 }} aria-label={t('common.loading')} />
      )}
    </Box>
  );
}

type TreeViewProps = {
  company: MyCompany;
  root: TreeNode;
  labelledBy: string;
  onWidthForNames?: ((width: number) => void) | undefined;
};

/** A text measurer in the rows' font (body2, and the bold of a selected row, so it never truncates either). */
function useTextWidth(): (text: string) => number {
  const theme = useTheme();
  return useMemo(() => {
    const context = document.createElement('canvas').getContext('2d');
    const { fontSize, fontFamily } = theme.typography.body2;
    const size = typeof fontSize === 'number' ? `${fontSize}px` : (fontSize ?? '0.875rem');
    const px = size.endsWith('rem') ? Number.parseFloat(size) * 16 : Number.parseFloat(size);
    if (context) context.font = `600 ${px}px ${fontFamily ?? theme.typography.fontFamily}`;
    // Without a canvas (tests), an average glyph of 0.6 em is a fair stand-in.
    return (text: string) => context?.measureText(text).width ?? text.length * px * 0.6;
  }, [theme]);
}

function TreeView({ company, root, labelledBy, onWidthForNames }: TreeViewProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { collapsed, setExpanded } = useCollapsedRows(company.id);
  const rows = useMemo(() => flattenTree(root, collapsed), [root, collapsed]);
  const selectedKey = useSelectedKey(root);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [menu, setMenu] = useState<MenuRequest | null>(null);
  const actions = useTreeActions({ company, root });
  const labels = useMemo<TreeRowLabels>(
    () => ({
      online: t('structure.tree.online'),
      offline: t('structure.tree.offline'),
      active: t('structure.tree.active'),
      inactive: t('structure.tree.inactive'),
      status: {
        normal: t('modelStatus.normal'),
        warning: t('modelStatus.warning'),
        alarm: t('modelStatus.alarm'),
        offline: t('modelStatus.offline'),
        disabled: t('modelStatus.disabled'),
      },
    }),
    [t],
  );

  const textWidth = useTextWidth();
  const toldWidth = useRef(false);
  // Before the paint that shows the rows: the drawer and the page beside it take their final places in one frame.
  useLayoutEffect(() => {
    // Once per company: later opening or closing of rows leaves the drawer as it is.
    if (toldWidth.current || !onWidthForNames) return;
    toldWidth.current = true;
    onWidthForNames(treeWidthForNames(rows, textWidth, labels, isPlatformAdmin(me)));
  }, [rows, textWidth, labels, me, onWidthForNames]);

  const role = roleIn(me, company);
  const viewer = useMemo<TreeViewer>(
    () => ({ role, can: (permission) => canIn(me, company.id, permission) }),
    [me, company.id, role],
  );

  // Stable callbacks: a new one would make the virtualizer measure every row again on each scroll.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    getItemKey,
    overscan: 12,
  });

  const activeIndex = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);

  const handleToggle = useCallback(
    (row: TreeRow) => {
      if (row.kind === 'model') return;
      setExpanded(row.key, !row.expanded);
    },
    [setExpanded],
  );

  const handleOpen = useCallback(
    (row: TreeRow) => {
      if (row.kind === 'group') {
        handleToggle(row);
      } else if (row.kind === 'node') {
        if (row.node.type === 'equipment') handleToggle(row);
        else void navigate(folderViewPath(company.id, row.node));
      } else if (!row.model.is_offline) {
        void navigate(`/model/${row.model.id}`);
      } else {
        const href = offlineLinkHref(row.model.linkUrl);
        if (href) window.open(href, '_blank', 'noopener,noreferrer');
        else feedback.failure(null, t('structure.tree.noLinkUrl'));
      }
    },
    [company.id, feedback, handleToggle, navigate, t],
  );

  const handleClick = useCallback(
    (row: TreeRow) => {
      setActiveKey(row.key);
      handleOpen(row);
    },
    [handleOpen],
  );

  const menuEntries = useCallback(
    (row: TreeRow) => {
      const target = row.kind === 'group' ? undefined : menuTarget(row);
      return target ? treeMenuEntries(viewer, target) : [];
    },
    [viewer],
  );
  const hasMenu = (row: TreeRow) => menuEntries(row).length > 0;

  const openMenu = useCallback(
    (row: TreeRow, position: { top: number; left: number }) => {
      const entries = menuEntries(row);
      if (entries.length === 0) return false;
      setActiveKey(row.key);
      setMenu({ row, entries, position });
      return true;
    },
    [menuEntries],
  );

  const handleContextMenu = useCallback(
    (row: TreeRow, _index: number, event: MouseEvent<HTMLElement>) => {
      // Without entries the browser keeps its own menu: plain members have no context menu (spec 01 §6).
      if (openMenu(row, { top: event.clientY, left: event.clientX })) event.preventDefault();
    },
    [openMenu],
  );

  const moveTo = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setActiveKey(row.key);
    virtualizer.scrollToIndex(rows.indexOf(row), { align: 'auto' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = Math.max(activeIndex, 0);
    const row = rows[current];
    if (!row) return;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowDown':
        handled();
        moveTo(activeIndex < 0 ? 0 : current + 1);
        break;
      case 'ArrowUp':
        handled();
        moveTo(current - 1);
        break;
      case 'Home':
        handled();
        moveTo(0);
        break;
      case 'End':
        handled();
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        handled();
        if (row.kind !== 'model' && (row.kind === 'group' || row.expandable)) {
          if (row.expanded) moveTo(current + 1);
          else handleToggle(row);
        }
        break;
      case 'ArrowLeft': {
        handled();
        if (row.kind !== 'model' && row.expanded) {
          handleToggle(row);
          break;
        }
        // To the parent: the nearest row above that sits one level up.
        for (let index = current - 1; index >= 0; index -= 1) {
          if ((rows[index]?.depth ?? 0) < row.depth) {
            moveTo(index);
            break;
          }
        }
        break;
      }
      case 'Enter':
        handled();
        setActiveKey(row.key);
        handleOpen(row);
        break;
      case 'ContextMenu':
      case 'F10':
        if (event.key === 'F10' && !event.shiftKey) break;
        {
          const rect = document.getElementById(treeRowId(row.key))?.getBoundingClientRect();
          if (rect && openMenu(row, { top: rect.bottom, left: rect.left + 24 })) handled();
        }
        break;
      default:
    }
  };

  return (
    <>
      <Box
        ref={scrollRef}
        role="tree"
        aria-labelledby={labelledBy}
        aria-activedescendant={activeIndex >= 0 ? treeRowId(activeKey as string) : undefined}
        tabIndex={0}
        onKeyDown={handleKeyDown}
        sx={{
          flex: '1 1 0',
          minHeight: 0,
          overflow: 'auto',
          px: 1,
          pb: 1,
          outline: 'none',
          // The active row is outlined only while the tree has the keyboard.
          '&:not(:focus-visible) [data-active="true"]': { outline: 'none' },
        }}
      >
        <Box sx={{ position: 'relative', width: '100%' }} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] as TreeRow;
            return (
              <TreeRowView
                key={item.key}
                row={row}
                index={item.index}
                start={item.start}
                selected={row.key === selectedKey}
                active={row.key === activeKey}
                showActiveMarker={isPlatformAdmin(me)}
                hasMenu={hasMenu(row)}
                labels={labels}
                onClick={handleClick}
                onToggle={handleToggle}
                onContextMenu={handleContextMenu}
              />
            );
          })}
        </Box>
      </Box>
      <TreeContextMenu
        request={menu}
        onClose={() => setMenu(null)}
        onAction={(action, row) => {
          setMenu(null);
          actions.run(action, row);
        }}
      />
      {actions.element}
    </>
  );
}
