import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

interface Props<T extends string> {
  /** names the tab list for screen readers */
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** the selected tab's panel */
  children: ReactNode;
}

/**
 * Tabs (Radix Tabs): one tab stop, arrow keys move between tabs and select them, the panel is
 * labelled by its tab.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: Props<T>) {
  return (
    <RadixTabs.Root value={value} onValueChange={(v) => onChange(v as T)}>
      <RadixTabs.List aria-label={label} className="mb-4 flex flex-wrap gap-2">
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className="min-h-8 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand pointer-coarse:min-h-11 data-[state=active]:bg-brand data-[state=active]:text-white dark:bg-slate-700 dark:text-slate-200 dark:hover:bg-slate-600"
          >
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value}>{children}</RadixTabs.Content>
    </RadixTabs.Root>
  );
}
