import { useState } from 'react';
import { ReportReviewDialog, type ReportReasonValue } from './ReportReviewDialog';
import { toast } from './Toast';

interface Props {
  /** who wrote the review, for the button's name ("Report Ravi P.'s review") */
  reviewer: string;
  /** sends the report; resolves with the server's thank-you, rejects with its message */
  onReport: (reason: ReportReasonValue, details: string) => Promise<string>;
}

/**
 * Report under a review (the booking page's and the provider's Ratings & Feedback): the button,
 * its dialog, and the server's thank-you as a toast once sent (docs/product.md#replies-and-reports).
 */
export function ReportReviewButton({ reviewer, onReport }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="min-h-11 rounded px-2 text-sm text-slate-600 hover:underline dark:text-slate-300"
        onClick={() => setOpen(true)}
        aria-label={`Report ${reviewer}'s review`}
      >
        Report
      </button>
      {open && (
        <ReportReviewDialog
          onReport={onReport}
          onClose={(message) => {
            setOpen(false);
            if (message) toast.success(message);
          }}
        />
      )}
    </>
  );
}
