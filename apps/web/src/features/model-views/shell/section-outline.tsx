import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Fewer panels than this need no outline. */
const MIN_SECTIONS = 3;

function labelOf(section: HTMLElement): string {
  const label = section.getAttribute('aria-label');
  if (label) return label;
  const ids = section.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => section.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The page's panels: named `section`s that are not inside another section of the page. */
function panelsOf(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('section')].filter((section) => {
    const outer = section.parentElement?.closest('section');
    return !(outer && container.contains(outer)) && labelOf(section) !== '';
  });
}

/**
 * Section navigation of a long model page (issue 27 item 4): a bar that stays under the header while the page
 * scrolls, with one button per panel of the page (Overall Status, the dashboard, Fault Event Alarm, Note, …) that
 * scrolls to it. The panels are read from the page itself, so every model type and every panel a feature adds is
 * listed under the name it shows, in the user's language.
 */
export function SectionOutline({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const panels = useRef<HTMLElement[]>([]);
  const [labels, setLabels] = useState<string[]>([]);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let shown = 0;
    const collect = (first: boolean) => {
      panels.current = panelsOf(root);
      const next = panels.current.map(labelOf);
      const update = () =>
        setLabels((previous) =>
          previous.length === next.length && previous.every((label, i) => label === next[i])
            ? previous
            : next,
        );
      // The bar appearing (or going) is rendered before the browser paints the panels that caused it: appearing a
      // frame after them, it pushed them down (issue 29: layout shift). Its buttons changing moves nothing else, so
      // that waits for React's own time: a synchronous render here also ran every panel's pending effects (chart
      // set-up) in the same task, 100 ms on a phone (issue 29: blocking time).
      if (first) update();
      else if (next.length >= MIN_SECTIONS !== shown >= MIN_SECTIONS) flushSync(update);
      else startTransition(update);
      shown = next.length;
    };
    collect(true);
    const observer = new MutationObserver(() => collect(false));
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {labels.length >= MIN_SECTIONS ? (
        <Box
          component="nav"
          aria-label={t('modelView.onThisPage')}
          sx={{
            position: 'sticky',
            top: { xs: 56, sm: 64 },
            zIndex: (theme) => theme.zIndex.appBar - 1,
            bgcolor: 'background.default',
            display: 'flex',
            gap: 1,
            overflowX: 'auto',
            py: 1,
            mb: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {labels.map((label, index) => (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: two panels may share a name; the order is the page's.
              key={`${index}-${label}`}
              size="small"
              variant="outlined"
              sx={{ flexShrink: 0, whiteSpace: 'nowrap', textTransform: 'none' }}
              onClick={() => panels.current[index]?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              {label}
            </Button>
          ))}
        </Box>
      ) : null}
      <Box ref={container} sx={{ '& section': { scrollMarginTop: { xs: 120, sm: 128 } } }}>
        {children}
      </Box>
    </>
  );
}
