import Box from '@mui/material/Box';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampDrawerWidth, DRAWER_MAX_WIDTH, DRAWER_MIN_WIDTH } from './drawer-width.ts';

const KEYBOARD_STEP = 10;

type DrawerResizeHandleProps = {
  width: number;
  onResize: (width: number) => void;
  onResizeEnd: (width: number) => void;
};

/** The drawer's right edge: drag it, or focus it and use the arrow keys, to set the width (300 to 480 px). */
export function DrawerResizeHandle({ width, onResize, onResizeEnd }: DrawerResizeHandleProps) {
  const { t } = useTranslation();

  const widthAt = (event: PointerEvent<HTMLElement>) => {
    const drawerLeft = event.currentTarget.parentElement?.getBoundingClientRect().left ?? 0;
    return clampDrawerWidth(event.clientX - drawerLeft);
  };
  const handlePointerDown = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onResize(widthAt(event));
  };
  const handlePointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    onResizeEnd(widthAt(event));
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = {
      ArrowLeft: width - KEYBOARD_STEP,
      ArrowRight: width + KEYBOARD_STEP,
      Home: DRAWER_MIN_WIDTH,
      End: DRAWER_MAX_WIDTH,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResizeEnd(clampDrawerWidth(next));
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={t('drawer.resize')}
      aria-valuemin={DRAWER_MIN_WIDTH}
      aria-valuemax={DRAWER_MAX_WIDTH}
      aria-valuenow={width}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onKeyDown={handleKeyDown}
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        bottom: 0,
        width: 6,
        cursor: 'col-resize',
        touchAction: 'none',
        '&:hover, &:focus-visible': { bgcolor: 'primary.light', outline: 'none' },
      }}
    />
  );
}
