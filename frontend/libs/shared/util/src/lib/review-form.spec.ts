import { ANONYMOUS_REVIEWER, reviewerName, REVIEW_MESSAGES, validateReview } from './review-form';

describe('review form', () => {
  it('rating is required, 1 to 5', () => {
    expect(validateReview({ rating: 0, comment: 'Very good' })).toBe('Please select a rating');
    expect(validateReview({ rating: 6, comment: 'Very good' })).toBe(REVIEW_MESSAGES.rating);
    expect(validateReview({ rating: 5, comment: 'Very good' })).toBeNull();
  });

  it('comment at least 5 characters after trimming', () => {
    expect(validateReview({ rating: 4, comment: '   good   ' })).toBe('Please enter a comment (minimum 5 characters)');
    expect(validateReview({ rating: 4, comment: ' great ' })).toBeNull();
  });

  it('rating is checked before the comment', () => {
    expect(validateReview({ rating: 0, comment: '' })).toBe(REVIEW_MESSAGES.rating);
  });

  it('thanks', () => {
    expect(REVIEW_MESSAGES.thanks).toBe('Thank you for your review!');
  });
});

describe('reviewerName', () => {
  it('is the display name, never an email', () => {
    expect(reviewerName({ userId: { displayName: 'Asha K.' } })).toBe('Asha K.');
    expect(reviewerName({ userId: { displayName: '' } })).toBe(ANONYMOUS_REVIEWER);
    expect(reviewerName({ userId: { displayName: 'asha@example.com' } })).toBe(ANONYMOUS_REVIEWER);
    expect(reviewerName({ userId: null })).toBe(ANONYMOUS_REVIEWER);
  });
});
