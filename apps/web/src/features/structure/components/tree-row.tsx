import { styled } from '@mui/material/styles';
import { type MouseEvent, memo } from 'react';
import { type ModelStatusKind, modelStatusColors, modelStatusKind } from '../../../lib/model-status.ts';
import { TREE_INDENT, type TreeRow } from '../tree-rows.ts';

export const TREE_ROW_HEIGHT = 32;

/** The DOM id of a row, for `aria-activedescendant`. */
export function treeRowId(key: string): string {
  return `tree-row-${key}`;
}

// Material icon outlines (Apache 2.0), drawn as plain SVG: a row is drawn again at every scroll step, and
// plain elements keep that cheap where an icon component would compute its styles each time.
const iconPaths = {
  expand: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
  more: 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2',
  company:
    'M12 7V3H2v18h20V7zM6 19H4v-2h2zm0-4H4v-2h2zm0-4H4V9h2zm0-4H4V5h2zm4 12H8v-2h2zm0-4H8v-2h2zm0-4H8V9h2zm0-4H8V5h2zm10 12h-8v-2h2v-2h-2v-2h2v-2h-2V9h8zm-2-8h-2v2h2zm0 4h-2v2h2z',
  folder:
    'm9.17 6 2 2H20v10H4V6zM10 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2h-8z',
  equipment:
    'm19.93 8.35-3.6 1.68L14 7.7V6.3l2.33-2.33 3.6 1.68c.38.18.82.01 1-.36.18-.38.01-.82-.36-1l-3.92-1.83c-.38-.18-.83-.1-1.13.2L13.78 4.4c-.18-.24-.46-.4-.78-.4-.55 0-1 .45-1 1v1H8.82C8.4 4.84 7.3 4 6 4 4.34 4 3 5.34 3 7c0 1.1.6 2.05 1.48 2.58L7.08 18H6c-1.1 0-2 .9-2 2v1h13v-1c0-1.1-.9-2-2-2h-1.62L8.41 8.77c.17-.24.31-.49.41-.77H12v1c0 .55.45 1 1 1 .32 0 .6-.16.78-.4l1.74 1.74c.3.3.75.38 1.13.2l3.92-1.83c.38-.18.54-.62.36-1-.18-.37-.62-.54-1-.36M6 8c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m5.11 10H9.17l-2.46-8h.1z',
  online:
    'M7.76 16.24C6.67 15.16 6 13.66 6 12s.67-3.16 1.76-4.24l1.42 1.42C8.45 9.9 8 10.9 8 12s.45 2.1 1.17 2.83zm8.48 0C17.33 15.16 18 13.66 18 12s-.67-3.16-1.76-4.24l-1.42 1.42C15.55 9.9 16 10.9 16 12s-.45 2.1-1.17 2.83zM12 10c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m8 2c0 2.21-.9 4.21-2.35 5.65l1.42 1.42C20.88 17.26 22 14.76 22 12s-1.12-5.26-2.93-7.07l-1.42 1.42C19.1 7.79 20 9.79 20 12M6.35 6.35 4.93 4.93C3.12 6.74 2 9.24 2 12s1.12 5.26 2.93 7.07l1.42-1.42C4.9 16.21 4 14.21 4 12s.9-4.21 2.35-5.65',
  offline:
    'M12 6c2.62 0 4.88 1.86 5.39 4.43l.3 1.5 1.53.11c1.56.1 2.78 1.41 2.78 2.96 0 1.65-1.35 3-3 3H6c-2.21 0-4-1.79-4-4 0-2.05 1.53-3.76 3.56-3.97l1.07-.11.5-.95C8.08 7.14 9.94 6 12 6m0-2C9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96C18.67 6.59 15.64 4 12 4',
  link: 'M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z',
} as const;

function Icon({ name, className = 'tree-icon' }: { name: keyof typeof iconPaths; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={iconPaths[name]} />
    </svg>
  );
}

const dotColors = Object.fromEntries(
  (Object.keys(modelStatusColors) as ModelStatusKind[]).map((kind) => [
    `& .tree-dot[data-status="${kind}"]`,
    kind === 'disabled'
      ? { border: `2px solid ${modelStatusColors.disabled}` }
      : { backgroundColor: modelStatusColors[kind] },
  ]),
);

// One static class for every row: per-row positions go in `style`, so scrolling creates no new CSS rules.
const RowRoot = styled('div')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height: TREE_ROW_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(0.75),
  paddingRight: theme.spacing(1),
  cursor: 'pointer',
  userSelect: 'none',
  fontSize: theme.typography.body2.fontSize,
  borderRadius: theme.shape.borderRadius,
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&[aria-selected="true"]': { backgroundColor: theme.palette.action.selected, fontWeight: 600 },
  '&[data-active="true"]': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '& .tree-label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  // The row's menu for pointers without a right button (touch): always shown where nothing hovers, otherwise on
  // hover and on the selected or active row. Keyboards open the same menu with the context-menu key.
  '& .tree-more': {
    flexShrink: 0,
    marginLeft: 'auto',
    width: 28,
    height: 28,
    padding: 4,
    boxSizing: 'border-box',
    borderRadius: '50%',
    fill: theme.palette.text.secondary,
    visibility: 'hidden',
  },
  '& .tree-more:hover': { backgroundColor: theme.palette.action.hover },
  '&:hover .tree-more, &[aria-selected="true"] .tree-more, &[data-active="true"] .tree-more': {
    visibility: 'visible',
  },
  '@media (hover: none)': { '& .tree-more': { visibility: 'visible' } },
  '& .tree-secondary': { color: theme.palette.text.secondary, fontWeight: 400 },
  '& .tree-toggle': {
    display: 'inline-flex',
    flexShrink: 0,
    width: 20,
    height: 20,
    fill: theme.palette.text.secondary,
    transition: theme.transitions.create('transform', { duration: theme.transitions.duration.shortest }),
  },
  '& .tree-toggle[data-expanded="false"]': { transform: 'rotate(-90deg)' },
  '& .tree-icon': { flexShrink: 0, width: 18, height: 18, fill: theme.palette.text.secondary },
  '& .tree-dot': { flexShrink: 0, width: 10, height: 10, borderRadius: '50%', boxSizing: 'border-box' },
  ...dotColors,
  '& .tree-marker': {
    flexShrink: 0,
    marginLeft: 'auto',
    padding: '0 6px',
    borderRadius: 9,
    fontSize: 11,
    lineHeight: '18px',
    border: `1px solid ${theme.palette.divider}`,
  },
  '& .tree-marker[data-active="true"]': {
    color: theme.palette.success.dark,
    borderColor: theme.palette.success.light,
  },
  '& .tree-marker[data-active="false"]': { color: theme.palette.text.secondary },
}));

/** The translated words a row may show, passed down once instead of looked up by every row. */
export type TreeRowLabels = {
  online: string;
  offline: string;
  active: string;
  inactive: string;
  status: Readonly<Record<ModelStatusKind, string>>;
};

type TreeRowViewProps = {
  row: TreeRow;
  index: number;
  start: number;
  selected: boolean;
  active: boolean;
  /** ADMIN sees inactive models too, so every model row says whether it is active. */
  showActiveMarker: boolean;
  /** The row has menu entries for this viewer: a visible menu button opens them (touch has no right click). */
  hasMenu: boolean;
  labels: TreeRowLabels;
  onClick: (row: TreeRow, index: number) => void;
  onToggle: (row: TreeRow) => void;
  onContextMenu: (row: TreeRow, index: number, event: MouseEvent<HTMLElement>) => void;
};

/** One line of the side tree: indentation, open/close arrow, status dot, icon and the name. */
export const TreeRowView = memo(function TreeRowView({
  row,
  index,
  start,
  selected,
  active,
  showActiveMarker,
  hasMenu,
  labels,
  onClick,
  onToggle,
  onContextMenu,
}: TreeRowViewProps) {
  const expandable = row.kind === 'group' || (row.kind === 'node' && row.expandable);
  const expanded = row.kind === 'model' ? undefined : row.expanded;

  let name: string;
  let secondary: string | null = null;
  let icon: keyof typeof iconPaths | null;
  let status: number | null = null;
  let marker: { active: boolean; text: string } | null = null;
  if (row.kind === 'node') {
    name = row.node.structureItemTitle;
    secondary = row.node.type === 'equipment' ? row.node.structureItemAlias : null;
    status = row.node.status;
    icon = row.node.type;
  } else if (row.kind === 'group') {
    name = row.group === 'online' ? labels.online : labels.offline;
    secondary = `(${row.count})`;
    icon = row.group;
  } else {
    name = row.model.title;
    status = row.model.is_offline ? null : row.model.status;
    icon = row.model.is_offline ? 'link' : null;
    if (showActiveMarker) {
      const isActive = row.model.isActive === 'active';
      marker = { active: isActive, text: isActive ? labels.active : labels.inactive };
    }
  }

  const statusKind = status === null ? null : modelStatusKind(status);
  // The name holds the row's visible text in its order (name, alias, active marker), then the status the dot shows
  // (axe label-content-name-mismatch: speech input says what it sees).
  const visible = [name, secondary, marker?.text].filter(Boolean).join(' ');
  const label = statusKind ? `${visible}, ${labels.status[statusKind]}` : visible;

  return (
    <RowRoot
      id={treeRowId(row.key)}
      role="treeitem"
      aria-label={label}
      aria-level={row.depth + 1}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={selected}
      data-active={active}
      data-index={index}
      style={{ transform: `translateY(${start}px)`, paddingLeft: 4 + row.depth * TREE_INDENT }}
      onClick={() => onClick(row, index)}
      onContextMenu={(event) => onContextMenu(row, index, event)}
    >
      {expandable ? (
        <svg
          className="tree-toggle"
          data-expanded={expanded}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          onClick={(event) => {
            // The arrow opens or closes; the rest of the row navigates.
            event.stopPropagation();
            onToggle(row);
          }}
        >
          <path d={iconPaths.expand} />
        </svg>
      ) : (
        <span className="tree-toggle" aria-hidden="true" />
      )}
      {statusKind ? <span className="tree-dot" data-status={statusKind} aria-hidden="true" /> : null}
      {icon ? <Icon name={icon} /> : null}
      <span className="tree-label" title={label}>
        {name}
        {secondary ? <span className="tree-secondary"> {secondary}</span> : null}
      </span>
      {marker ? (
        <>
          {' '}
          <span className="tree-marker" data-active={marker.active}>
            {marker.text}
          </span>
        </>
      ) : null}
      {hasMenu ? (
        <svg
          className="tree-more"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          data-testid="tree-row-menu"
          onClick={(event) => {
            event.stopPropagation();
            const box = event.currentTarget.getBoundingClientRect();
            onContextMenu(row, index, {
              ...event,
              clientX: box.left,
              clientY: box.bottom,
              preventDefault: () => event.preventDefault(),
            } as unknown as MouseEvent<HTMLElement>);
          }}
        >
          <path d={iconPaths.more} />
        </svg>
      ) : null}
    </RowRoot>
  );
});
