// Sign-in returns to where the user was (docs/product.md#states-and-transitions): whoever sends
// a user to /login passes the page they were on (path and query, e.g. the booking page with its
// chosen day and slot) as navigation state, and the login form goes back there.

/** The navigation state that asks /login to return to `from` after signing in. */
export interface ReturnState {
  from: string;
}

/** The state for a redirect to /login from `location` (nothing to return to from /login or /register). */
export function returnState(location: { pathname: string; search?: string }): ReturnState | undefined {
  if (location.pathname === '/login' || location.pathname === '/register') return undefined;
  return { from: `${location.pathname}${location.search ?? ''}` };
}

/**
 * Where a completed login goes: the page in the state when it is a path of this app (never
 * another site, '//host', or the login screens themselves), else '/'.
 */
export function returnPath(state: unknown): string {
  const from = (state as Partial<ReturnState> | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/';
  const path = from.split(/[?#]/)[0];
  if (path === '/login' || path === '/register') return '/';
  return from;
}
