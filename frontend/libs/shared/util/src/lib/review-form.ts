// Review form rules (docs/product.md#validation, #constants): the booking page's local review form and /leave-review.

export const MIN_REVIEW_COMMENT = 5;

export const REVIEW_MESSAGES = {
  rating: 'Please select a rating',
  comment: `Please enter a comment (minimum ${MIN_REVIEW_COMMENT} characters)`,
  thanks: 'Thank you for your review!',
  noId: 'No appointment ID provided',
} as const;

export interface ReviewFormValues {
  rating: number;
  comment: string;
}

/** Rating 1–5 required, then a comment of at least 5 characters after trimming. */
export function validateReview(v: ReviewFormValues): string | null {
  if (!Number.isInteger(v.rating) || v.rating < 1 || v.rating > 5) return REVIEW_MESSAGES.rating;
  if (v.comment.trim().length < MIN_REVIEW_COMMENT) return REVIEW_MESSAGES.comment;
  return null;
}

/** Who wrote a review when the server names no one (review-svc's AnonymousReviewer). */
export const ANONYMOUS_REVIEWER = 'Slotwise customer';

/**
 * How a review names its author: the display name the server gives (first name and last
 * initial, e.g. "Asha K."), never an email address.
 */
export function reviewerName(r: { userId?: { displayName?: string } | null }): string {
  const name = r.userId?.displayName?.trim() ?? '';
  return name && !name.includes('@') ? name : ANONYMOUS_REVIEWER;
}
