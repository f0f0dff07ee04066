import { useState } from 'react';
import type { Review } from '@slotwise/shared-contract';
import { useReportReview, useProviderReviews } from '@slotwise/booking-data-access';
import { ListPager } from '@slotwise/booking-ui';
import {
  ErrorBanner,
  ReportReviewButton,
  ReviewReply,
  Spinner,
  Stars,
} from '@slotwise/shared-ui';
import { formatDate, reviewerName } from '@slotwise/shared-util';
import { ReplyForm } from './ReplyForm';
import { card } from './styles';

export const LOAD_MORE_REVIEWS = 'Load more reviews';

/**
 * Ratings & Feedback: real reviews of the provider's services (GET /reviews/provider), a page at a
 * time ("Load more reviews"), each with Respond (one public reply, editable) and Report
 * (docs/product.md#replies-and-reports). The rating is the server's summary of all of them.
 */
export function RatingsFeedback() {
  const reviews = useProviderReviews();
  const list = reviews.data?.reviews ?? [];
  const summary = reviews.data?.summary;
  return (
    <section
      className={card}
      aria-labelledby="ratings-h"
      data-testid="ratings-feedback"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id="ratings-h" className="text-xl font-semibold">
          Ratings &amp; Feedback
        </h2>
        {summary && summary.count > 0 && <Stars rating={summary.average} count={summary.count} />}
      </div>
      {reviews.isPending ? (
        <Spinner />
      ) : reviews.isError ? (
        <ErrorBanner>Failed to load ratings and feedback.</ErrorBanner>
      ) : list.length === 0 ? (
        <p className="py-4 text-center text-slate-600 dark:text-slate-300">
          No ratings or feedback yet
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {list.map((r) => (
            <FeedbackItem key={r._id} review={r as Review} />
          ))}
        </ul>
      )}
      <ListPager
        list={reviews}
        direction="later"
        labels={{ more: LOAD_MORE_REVIEWS, error: 'Could not load more reviews. Please try again.' }}
      />
    </section>
  );
}

function FeedbackItem({ review: r }: { review: Review }) {
  const [replying, setReplying] = useState(false);
  const report = useReportReview();
  return (
    <li className="py-3" data-testid="review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars rating={r.rating} />
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {formatDate(r.createdAt)}
        </span>
      </div>
      <p className="mt-1 break-words">{r.comment}</p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {reviewerName(r)} · {r.serviceName}
      </p>
      {replying ? (
        <ReplyForm review={r} onDone={() => setReplying(false)} />
      ) : (
        <ReviewReply reply={r.reply} />
      )}
      {!replying && (
        <div className="mt-1 flex gap-1 text-sm">
          <button
            type="button"
            className="min-h-11 rounded px-2 text-indigo-700 hover:underline dark:text-indigo-300"
            onClick={() => setReplying(true)}
            aria-label={`${r.reply ? 'Edit your reply to' : 'Respond to'} ${reviewerName(r)}'s review`}
          >
            {r.reply ? 'Edit reply' : 'Respond'}
          </button>
          <ReportReviewButton
            reviewer={reviewerName(r)}
            onReport={(reason, details) =>
              report.mutateAsync({ id: r._id, reason, details })
            }
          />
        </div>
      )}
    </li>
  );
}
