import type { Review } from '@slotwise/shared-contract';
import { useSession } from '@slotwise/shared-data-access';
import { useReportReview } from '@slotwise/booking-data-access';
import { ReportReviewButton, ReviewReply, Stars } from '@slotwise/shared-ui';
import { formatDate, reviewerName } from '@slotwise/shared-util';

/**
 * One of a service's public reviews on the booking page: the provider's reply under it, and
 * Report for anyone signed in but its author (docs/product.md#replies-and-reports).
 */
export function ServiceReview({ review: r }: { review: Review }) {
  const { user } = useSession();
  const report = useReportReview();
  const mine = !!user && user._id === r.userId._id;
  return (
    <article
      data-testid="review"
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <Stars rating={r.rating} />
      <p className="mt-1 break-words">{r.comment}</p>
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {reviewerName(r)} · {formatDate(r.createdAt)}
        </p>
        {user && !mine && (
          <ReportReviewButton
            reviewer={reviewerName(r)}
            onReport={(reason, details) =>
              report.mutateAsync({ id: r._id, reason, details })
            }
          />
        )}
      </div>
      <ReviewReply reply={r.reply} />
    </article>
  );
}
