/**
 * A provider's day off on their own calendars (the home page's 30-day card, the dashboard's Next 7
 * Days): grey that still reads at AA contrast in both themes (provider-schedule.spec.ts checks it).
 */
export const CLOSED_DAY_TONE = 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300';
