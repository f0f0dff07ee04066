export const card = 'rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm dark:border-slate-700';
