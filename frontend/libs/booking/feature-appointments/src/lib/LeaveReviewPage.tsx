import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass, ErrorBanner, Field, Page, PageHeader, RatingInput, SuccessBanner, Textarea } from '@slotwise/shared-ui';
import { REVIEW_MESSAGES, validateReview, failureMessage } from '@slotwise/shared-util';
import { useCreateReview } from '../api/appointment-api';

export const THANKS_DELAY_MS = 1000;

/** /leave-review — reads appointmentId from navigation state and posts a real review. */
export function LeaveReviewPage() {
  const state = useLocation().state as { appointmentId?: string; serviceName?: string } | null;
  const navigate = useNavigate();
  const create = useCreateReview();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  // After submit: thanks after 1 s, then back (docs/product.md#states-and-transitions).
  useEffect(() => {
    if (!create.isSuccess) return;
    const t = setTimeout(() => setThanked(true), THANKS_DELAY_MS);
    return () => clearTimeout(t);
  }, [create.isSuccess]);
  useEffect(() => {
    if (!thanked) return;
    const t = setTimeout(() => navigate(-1), 1500);
    return () => clearTimeout(t);
  }, [thanked, navigate]);

  if (!state?.appointmentId) {
    return (
      <Page>
        <PageHeader title="Leave a Review" />
        <ErrorBanner>{REVIEW_MESSAGES.noId}</ErrorBanner>
        <p className="mt-4">
          <Link to="/my-appointments" className={buttonClass('secondary')}>
            My Appointments
          </Link>
        </p>
      </Page>
    );
  }
  const appointmentId = state.appointmentId;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateReview({ rating, comment });
    setError(msg);
    if (msg) return;
    create.mutate(
      { appointmentId, rating, comment: comment.trim() },
      { onError: (err) => setError(failureMessage(err, 'Could not send your review. Check your connection and try again.')) },
    );
  };

  return (
    <Page>
      <PageHeader title="Leave a Review" subtitle={state.serviceName} />
      {create.isSuccess ? (
        <SuccessBanner>{thanked ? REVIEW_MESSAGES.thanks : 'Review submitted.'}</SuccessBanner>
      ) : (
        <form onSubmit={submit} noValidate className="max-w-lg space-y-4">
          <div>
            <span className="mb-1 block text-sm font-medium">Rating</span>
            <RatingInput value={rating} onChange={setRating} />
          </div>
          <Field label="Comment">
            <Textarea rows={4} value={comment} onChange={(e) => setComment(e.target.value)} />
          </Field>
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting…' : 'Submit Review'}
          </Button>
        </form>
      )}
    </Page>
  );
}
