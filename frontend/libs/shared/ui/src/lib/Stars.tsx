/** Number of full stars (0–5) to draw for a rating, rounded to the nearest whole star. */
export function fullStars(rating: number): number {
  if (!Number.isFinite(rating) || rating <= 0) return 0;
  return Math.min(5, Math.round(rating));
}

export function Stars({ rating, count }: { rating: number; count?: number }) {
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
