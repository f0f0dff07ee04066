/** A grey block where content is loading; hidden from screen readers (the page says Loading). */
export function Skeleton({ className = 'h-4 w-24' }: { className?: string }) {
  return <span aria-hidden="true" data-testid="skeleton" className={`inline-block animate-pulse rounded bg-slate-200 dark:bg-slate-700 ${className}`} />;
}
