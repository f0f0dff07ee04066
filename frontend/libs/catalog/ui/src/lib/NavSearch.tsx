import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** The navbar's search box: Enter (or the button) opens /services?q=… (GET /services?q=, ranked). */
export function NavSearch({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();
  const id = useId(); // the bar and the phone menu each hold one
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `/services?${new URLSearchParams({ q }).toString()}` : '/services');
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full min-w-0 items-center">
      <label htmlFor={id} className="sr-only">
        Search services
      </label>
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        placeholder="Search services"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={100}
        className="h-11 min-w-0 flex-1 rounded-l-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      <button
        type="submit"
        aria-label="Search"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-r-md border border-l-0 border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {/* Feather's "search" (MIT), as the shared icons are drawn. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="11" cy="11" r="8" />
          <path d="m21 21-4.35-4.35" />
        </svg>
      </button>
    </form>
  );
}
