import { useEffect, useId, useState } from 'react';
import type { Review } from '@slotwise/shared-contract';
import {
  Button,
  ErrorBanner,
  Field,
  Textarea,
  toast,
} from '@slotwise/shared-ui';
import { useDeleteReply, useSaveReply } from '../api/provider-dashboard-api';
import { failureMessage } from '@slotwise/shared-util';

/** The longest reply the server keeps (review-svc's MaxReplyLength). */
export const REPLY_MAX = 1000;

/** The provider's reply to one review: write, edit or remove it. Everyone sees it under the review. */
export function ReplyForm({
  review,
  onDone,
}: {
  review: Review;
  onDone: () => void;
}) {
  const [text, setText] = useState(review.reply?.text ?? '');
  const [error, setError] = useState('');
  const save = useSaveReply();
  const remove = useDeleteReply();
  const busy = save.isPending || remove.isPending;
  const fieldId = useId();
  // The form opens on Respond: the keyboard goes straight to the text.
  useEffect(() => document.getElementById(fieldId)?.focus(), [fieldId]);
  const submit = () => {
    if (!text.trim()) {
      setError('Please write a reply');
      return;
    }
    setError('');
    save.mutate(
      { id: review._id, text },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onDone();
        },
        onError: (e) => setError(failureMessage(e, 'Could not save the reply. Check your connection and try again.')),
      },
    );
  };
  return (
    <form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field
        label="Your public reply"
        hint={`Shown under the review with your business name. ${text.length}/${REPLY_MAX} characters.`}
        error={error || undefined}
        id={fieldId}
      >
        <Textarea
          rows={3}
          maxLength={REPLY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {remove.isError && (
        <div className="mt-2">
          <ErrorBanner>{failureMessage(remove.error, 'Could not delete the reply. Check your connection and try again.')}</ErrorBanner>
        </div>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {review.reply ? 'Save reply' : 'Post reply'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        {review.reply && (
          <Button
            size="sm"
            variant="danger-outline"
            disabled={busy}
            onClick={() =>
              remove.mutate(review._id, {
                onSuccess: (r) => {
                  toast.success(r.message);
                  onDone();
                },
              })
            }
          >
            Delete reply
          </Button>
        )}
      </div>
    </form>
  );
}
