import { Tabs } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

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
  return (
    <Tabs.Root value={value} onValueChange={(details) => onSelect(details.value)} lazyMount>
      <Tabs.List overflowX="auto" overflowY="hidden">
        {tabs.map(({ value: tab, label, icon: TabIcon, badge }) => (
          <Tabs.Trigger key={tab} value={tab} data-testid={`tab-${tab}`} flexShrink="0" whiteSpace="nowrap">
            <TabIcon size={16} aria-hidden />
            {label}
            {badge}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value: tab, content }) => (
        <Tabs.Content key={tab} value={tab} pt="6">
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
