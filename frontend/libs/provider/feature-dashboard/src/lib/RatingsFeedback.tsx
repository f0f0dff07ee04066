import { ErrorBanner, Spinner, Stars } from '@slotwise/shared-ui';
import { averageRating, formatDate, reviewerName } from '@slotwise/shared-util';
import { useProviderReviews } from '../api/provider-dashboard-api';
import { card } from './styles';

/** Ratings & Feedback: real reviews of the provider's services (GET /reviews/provider). */
export function RatingsFeedback() {
  const reviews = useProviderReviews();
  const list = reviews.data ?? [];
  const avg = averageRating(list);
  return (
    <section className={card} aria-labelledby="ratings-h" data-testid="ratings-feedback">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="ratings-h" className="text-xl font-semibold">Ratings &amp; Feedback</h2>
        {list.length > 0 && <Stars rating={avg} count={list.length} />}
      </div>
      {reviews.isPending ? (
        <Spinner />
      ) : reviews.isError ? (
        <ErrorBanner>Failed to load ratings and feedback.</ErrorBanner>
      ) : list.length === 0 ? (
        <p className="py-4 text-center text-slate-600 dark:text-slate-300">No ratings or feedback yet</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {list.map((r) => (
            <li key={r._id} className="py-3" data-testid="review">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Stars rating={r.rating} />
                <span className="text-xs text-slate-500 dark:text-slate-400">{formatDate(r.createdAt)}</span>
              </div>
              <p className="mt-1">{r.comment}</p>
              <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                {reviewerName(r)} · {r.serviceName}
              </p>
              {/* Respond and Report have no effect yet (docs/product.md#what-the-product-does). */}
              <div className="mt-2 flex gap-3 text-sm">
                <button type="button" className="text-indigo-600 hover:underline dark:text-indigo-300">
                  Respond
                </button>
                <button type="button" className="text-slate-500 hover:underline dark:text-slate-400">
                  Report
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
