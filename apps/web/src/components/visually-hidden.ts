/**
 * Hidden from sight but not from assistive technology (a file input inside its button, a column's name, a
 * diagram's list of statuses). Sizes are strings: in MUI's `sx` a bare 1 means 100%, which made a hidden list as
 * wide as its positioned ancestor and pushed pages sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
