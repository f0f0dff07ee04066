import type { ReactNode } from 'react';
import { Page, PageHeader } from './feedback';

/** A real, routed screen whose full content ships in a later issue. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page>
      <PageHeader title={title} />
      <div data-testid="placeholder" className="rounded-2xl border border-dashed border-slate-300 p-8 text-slate-600 dark:border-slate-600 dark:text-slate-300">
        {children ?? <p>This screen is coming soon.</p>}
      </div>
    </Page>
  );
}
