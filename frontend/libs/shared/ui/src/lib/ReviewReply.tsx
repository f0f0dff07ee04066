import { formatDate } from '@slotwise/shared-util';

/** What ReviewReply shows: the contract's ReviewReply (shared-ui takes no contract types). */
export interface ReplyView {
  text: string;
  businessName: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A provider's public reply under a review: indented, with the business name and the date
 * (docs/product.md#replies-and-reports). Renders nothing without a reply.
 */
export function ReviewReply({
  reply,
}: {
  reply: ReplyView | null | undefined;
}) {
  if (!reply) return null;
  const edited = reply.updatedAt && reply.updatedAt !== reply.createdAt;
  return (
    <div
      data-testid="review-reply"
      className="mt-2 border-l-4 border-indigo-300 bg-slate-50 py-2 pl-3 pr-2 dark:border-indigo-500 dark:bg-slate-800/60"
    >
      <p className="text-sm font-medium">
        Reply from {reply.businessName}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          {' '}
          · {formatDate(reply.createdAt)}
          {edited ? ' (edited)' : ''}
        </span>
      </p>
      <p className="mt-1 whitespace-pre-line break-words text-sm">
        {reply.text}
      </p>
    </div>
  );
}
