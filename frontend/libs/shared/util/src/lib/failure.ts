// One way to say why an action failed (docs/product.md#messages): the server's own message — the
// error shape's `error` (docs/architecture.md "The API"), which the API client puts in its
// ApiError — in every toast, banner and dialog. A screen's own words are only the fallback for
// when no server answered or it gave no text, and then they say what the person can do.

import { GENERIC_ERROR } from './generic-error';

/**
 * What to show for a failed action: the server's message, or `fallback` when there is none (no
 * answer — an ApiError with status 0 —, an empty text, or the client's generic text).
 */
export function failureMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status <= 0) return fallback;
  const text = err.message.trim();
  return text && text !== GENERIC_ERROR ? text : fallback;
}
