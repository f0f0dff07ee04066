/** Number of full stars (0–5) to draw for a rating, rounded to the nearest whole star. */
export function fullStars(rating: number): number {
  if (!Number.isFinite(rating) || rating <= 0) return 0;
  return Math.min(5, Math.round(rating));
}

/**
 * A rating as five stars, its value and how many reviews make it. With a count of 0 there is no
 * rating yet: "New", as marketplaces say, not five grey stars and "0.0", which read as a bad one.
 */
export function Stars({ rating, count }: { rating: number; count?: number }) {
  if (count === 0) {
    return (
      <span className="inline-flex w-fit items-center self-start rounded-full bg-indigo-50 px-2 py-0.5 text-sm font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200" data-testid="rating-new">
        New<span className="sr-only">: no reviews yet</span>
      </span>
    );
  }
  const n = fullStars(rating);
  return (
    <span className="inline-flex items-center gap-1 text-sm" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(n)}
        <span className="text-slate-300 dark:text-slate-600">{'★'.repeat(5 - n)}</span>
      </span>
      <span className="text-slate-600 dark:text-slate-300">
        {rating.toFixed(1)}
        {count !== undefined && ` (${count} review${count === 1 ? '' : 's'})`}
      </span>
    </span>
  );
}
