import { useState } from 'react';
import type { ReviewReport } from '@slotwise/shared-contract';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  Page,
  PageHeader,
  REPORT_REASONS,
  ReviewReply,
  Spinner,
  Stars,
  toast,
} from '@slotwise/shared-ui';
import { formatDate, reviewerName, failureMessage } from '@slotwise/shared-util';
import { decide, useOpenReports } from '../api/admin-api';

const reasonLabel = (value: string) =>
  REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * /admin/reports: an operator's queue of reported reviews (docs/product.md#replies-and-reports).
 * Each shows the review, its service and rating, the reasons and how many people reported it;
 * Hide takes it out of every public list and the service's rating (after a confirmation), Keep
 * leaves it. The author and the reporters are told either way. Anyone else gets the server's 403.
 */
export function AdminReportsPage() {
  const reports = useOpenReports();
  return (
    <Page>
      <PageHeader
        title="Reported reviews"
        subtitle="Hide a review that breaks the rules, or keep it. Its author and the reporters are told."
      />
      {reports.error ? (
        <ErrorBanner>{reports.error.message}</ErrorBanner>
      ) : !reports.data ? (
        <Spinner label="Loading reports…" />
      ) : reports.data.length === 0 ? (
        <EmptyState title="No open reports">
          Reported reviews appear here.
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {reports.data.map((r) => (
            <ReportCard key={r.review._id} report={r} onDecided={() => reports.remove(r.review._id)} />
          ))}
        </ul>
      )}
      {/* The appointments' ListPager, in this chunk's own few lines (admin-api.ts: no query client here). */}
      {reports.data && reports.hasMore && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {reports.loadMoreError && <ErrorBanner>Could not load more reports. Please try again.</ErrorBanner>}
          <Button variant="secondary" className="w-full sm:w-auto" aria-busy={reports.loadingMore} disabled={reports.loadingMore} onClick={reports.loadMore}>
            {reports.loadingMore ? 'Loading…' : 'Load more reports'}
          </Button>
        </div>
      )}
    </Page>
  );
}

function ReportCard({ report, onDecided }: { report: ReviewReport; onDecided: () => void }) {
  const { review } = report;
  const [busy, setBusy] = useState(false);
  const [confirmHide, setConfirmHide] = useState(false);
  const headingId = `report-${review._id}`;
  const send = (decision: 'hide' | 'keep') => {
    setBusy(true);
    decide(review._id, decision)
      .then((message) => {
        toast.success(message);
        onDecided();
      })
      .catch((e: unknown) => {
        toast.error(failureMessage(e, 'Could not record the decision. Check your connection and try again.'));
        setBusy(false);
        setConfirmHide(false);
      });
  };
  return (
    <li>
      <article
        className="rounded-2xl border border-slate-200 bg-surface p-4 shadow-sm sm:p-6 dark:border-slate-700"
        aria-labelledby={headingId}
        data-testid="report"
      >
        <h2 id={headingId} className="text-lg font-semibold">
          {review.serviceName || 'A service'}
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
          <Stars rating={review.rating} />
          <span>
            {reviewerName(review)} · {formatDate(review.createdAt)}
          </span>
        </div>
        <blockquote className="mt-2 whitespace-pre-line break-words">
          {review.comment}
        </blockquote>
        <ReviewReply reply={review.reply} />
        <h3 className="mt-4 text-sm font-semibold">
          Reported by {report.reporterCount}{' '}
          {report.reporterCount === 1 ? 'person' : 'people'}
        </h3>
        <ul className="mt-1 space-y-1 text-sm">
          {report.reasons.map((x, i) => (
            <li key={i} className="break-words">
              <span className="font-medium">{reasonLabel(x.reason)}</span>
              {x.details && (
                <span className="text-slate-600 dark:text-slate-300">
                  {' '}
                  — “{x.details}”
                </span>
              )}
              <span className="text-slate-500 dark:text-slate-400">
                {' '}
                · {formatDate(x.createdAt)}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => setConfirmHide(true)}
            aria-describedby={headingId}
          >
            Hide review
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => send('keep')}
            aria-describedby={headingId}
          >
            Keep review
          </Button>
        </div>
        {confirmHide && (
          <ConfirmDialog
            title="Hide this review?"
            confirmLabel="Hide review"
            busy={busy}
            onConfirm={() => send('hide')}
            onCancel={() => setConfirmHide(false)}
          >
            It disappears from the service&apos;s reviews and its rating. Its
            author and the people who reported it are told.
          </ConfirmDialog>
        )}
      </article>
    </li>
  );
}
