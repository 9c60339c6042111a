import { Box, Tabs } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { DirectionalIcon } from '../i18n/bidi';
import { revealTab, rightToLeft, scrolledByPerson, scrolledFromStart } from './tab-scroll';

export interface DashboardTab<V extends string> {
  value: V;
  label: string;
  icon: LucideIcon;
  /** A count beside the label (pending claims, unread messages). */
  badge?: ReactNode;
  content: ReactNode;
}

/**
 * A dashboard's tabs, the open one chosen by the page (from its address). A tab is mounted when
 * first opened and then stays, so a half-filled form or a list's filters survive a look elsewhere.
 */
export function DashboardTabs<V extends string>({
  value,
  onSelect,
  tabs,
}: {
  value: V;
  onSelect: (value: string) => void;
  tabs: readonly DashboardTab<V>[];
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const cue = useScrollCue(listRef);
  useActiveTabInView(listRef, value);
  return (
    <Tabs.Root value={value} onValueChange={(details) => onSelect(details.value)} lazyMount>
      {/* On a phone the row is wider than the screen: it scrolls sideways, and a fade with an arrow
          at the side with more tabs says so (its start or its end, whichever way the page reads). */}
      <Box position="relative" data-scroll-cue={cue}>
        <Tabs.List ref={listRef} overflowX="auto" overflowY="hidden" scrollbarWidth="none" data-tab-row="">
          {tabs.map(({ value: tab, label, icon: TabIcon, badge }) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              data-testid={`tab-${tab}`}
              data-tab-value={tab}
              flexShrink="0"
              whiteSpace="nowrap"
            >
              <TabIcon size={16} aria-hidden />
              {label}
              {badge}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {cue === 'start' || cue === 'both' ? <EdgeFade side="start" /> : null}
        {cue === 'end' || cue === 'both' ? <EdgeFade side="end" /> : null}
      </Box>
      {tabs.map(({ value: tab, content }) => (
        <Tabs.Content key={tab} value={tab} pt="6">
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * Scrolls the row sideways so that the open tab is in view, on mount (a page opened on a later tab,
 * ?tab=reviews), when it changes, and when a tab before it grows (a count badge arriving after the
 * first paint) unless the person has scrolled the row since: the row's scrollLeft alone is set, so
 * the page never moves up or down
 * (scrollIntoView would scroll the page too).
 */
function useActiveTabInView(ref: RefObject<HTMLElement | null>, value: string) {
  const first = useRef(true);
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    const reveal = (smooth: boolean) => {
      const tab = row.querySelector<HTMLElement>(`[data-tab-value="${CSS.escape(value)}"]`);
      if (tab) revealTab(row, tab, smooth);
    };
    // A row the person has scrolled (to reach another tab) is theirs: neither taking a drawn page
    // over nor a tab growing pulls it back to the open tab under their finger. A tab chosen is shown.
    if (!first.current || !scrolledByPerson(row)) reveal(!first.current);
    first.current = false;
    // The observer's first call only reports the sizes it started from.
    let started = false;
    const observer = new ResizeObserver(() => {
      if (started && !scrolledByPerson(row)) reveal(false);
      started = true;
    });
    for (const tab of row.children) observer.observe(tab);
    return () => observer.disconnect();
  }, [ref, value]);
}

type ScrollCue = 'none' | 'start' | 'end' | 'both';

/** Which sides of a sideways-scrolling row have more to see, kept up as it scrolls or resizes. */
function useScrollCue(ref: RefObject<HTMLElement | null>): ScrollCue {
  const [cue, setCue] = useState<ScrollCue>('none');
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const scrolled = scrolledFromStart(el.scrollLeft, rightToLeft(el));
      const before = scrolled > 1;
      const after = scrolled < el.scrollWidth - el.clientWidth - 1;
      setCue(before && after ? 'both' : before ? 'start' : after ? 'end' : 'none');
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return cue;
}

/**
 * A fade over the row's start or end edge, with an arrow pointing past it, where more tabs lie past
 * the screen's side: the end is the right on a left-to-right page, the left on a right-to-left one.
 */
function EdgeFade({ side }: { side: 'start' | 'end' }) {
  const Arrow = side === 'end' ? ChevronRight : ChevronLeft;
  return (
    <Box
      aria-hidden
      data-testid={`tabs-more-${side}`}
      position="absolute"
      top="0"
      bottom="1px"
      {...(side === 'end' ? { insetEnd: '0' } : { insetStart: '0' })}
      w="12"
      display="flex"
      alignItems="center"
      justifyContent={side === 'end' ? 'flex-end' : 'flex-start'}
      pointerEvents="none"
      color="fg.muted"
      // Clear toward the tabs, solid at the edge.
      bgGradient={side === 'end' ? { base: 'to-r', _rtl: 'to-l' } : { base: 'to-l', _rtl: 'to-r' }}
      gradientFrom="transparent"
      gradientVia="canvas/90"
      gradientTo="canvas"
    >
      <DirectionalIcon>
        <Arrow size={18} />
      </DirectionalIcon>
    </Box>
  );
}
