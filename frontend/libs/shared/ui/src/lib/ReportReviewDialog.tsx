import { useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Field, Textarea } from './Field';
import { ErrorBanner } from './feedback';
import { failureMessage } from '@slotwise/shared-util';

/** The longest report details the server keeps (review-svc's MaxReportDetails). */
export const REPORT_DETAILS_MAX = 300;

/** The report form's choices, in order (review-svc's review.Reasons). */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'offensive', label: 'Offensive or abusive' },
  { value: 'false', label: 'False or misleading' },
  { value: 'unrelated', label: 'Not about this service' },
  { value: 'other', label: 'Something else' },
] as const;

export type ReportReasonValue = (typeof REPORT_REASONS)[number]['value'];

interface Props {
  /** sends the report; resolves with the server's thank-you, rejects with its message */
  onReport: (reason: ReportReasonValue, details: string) => Promise<string>;
  onClose: (message?: string) => void;
}

/**
 * Report a review: a reason (radio buttons, one required) and optional details. An operator
 * decides (docs/product.md#replies-and-reports); the server's refusal (e.g. already reported)
 * is shown in the dialog.
 */
export function ReportReviewDialog({ onReport, onClose }: Props) {
  const [reason, setReason] = useState<ReportReasonValue | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason) {
      setError('Please choose a reason');
      return;
    }
    setBusy(true);
    setError('');
    try {
      onClose(await onReport(reason, details.trim()));
    } catch (e) {
      setError(failureMessage(e, 'Could not send the report. Check your connection and try again.'));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Report this review"
      onClose={() => onClose()}
      description="Tell an operator what is wrong with this review."
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            What is wrong with it?
          </legend>
          <div className="space-y-1">
            {REPORT_REASONS.map((r) => (
              <label
                key={r.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={r.value}
                  checked={reason === r.value}
                  onChange={() => setReason(r.value)}
                  className="h-4 w-4"
                />
                {r.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          className="mt-4"
          label="Details (optional)"
          hint={`${details.length}/${REPORT_DETAILS_MAX} characters.`}
        >
          <Textarea
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </Field>
        {error && (
          <div className="mt-4">
            <ErrorBanner>{error}</ErrorBanner>
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onClose()}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Sending…' : 'Send report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
