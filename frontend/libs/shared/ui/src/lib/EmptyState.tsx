import type { ReactNode } from 'react';

/** Nothing to show yet: a title or sentence, and what to do about it. */
export function EmptyState({ title, children, action }: { title?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-600 dark:text-slate-300">
      {title && <h2 className="mb-2 text-xl font-semibold text-fg">{title}</h2>}
      {children && <p className={action ? 'mb-4' : undefined}>{children}</p>}
      {action}
    </div>
  );
}
