import type { ReactNode } from 'react';
import { failureMessage } from '@slotwise/shared-util';

/** The card the sign-in page and the mailed links' pages share. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-slate-800">
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-300';

/** An error's message for the user, else fallback. */
export const messageOf = failureMessage;
