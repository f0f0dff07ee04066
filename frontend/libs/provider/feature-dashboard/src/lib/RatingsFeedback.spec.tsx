import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aProvider, aReview, mockApi } from '@slotwise/shared-testing';
import { RatingsFeedback } from './RatingsFeedback';

describe('RatingsFeedback: Respond and Report (docs/product.md#replies-and-reports)', () => {
  it('Respond writes a public reply that shows under the review, then Edit reply changes it', async () => {
    mockApi.signIn(aProvider());
    mockApi.reviews = [aReview({ _id: 'r1', rating: 2, comment: 'Too slow' })];
    renderWithProviders(<RatingsFeedback />);

    fireEvent.click(await screen.findByRole('button', { name: /Respond to/ }));
    const box = screen.getByLabelText('Your public reply');
    expect(document.activeElement).toBe(box);
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Please write a reply')).toBeTruthy();
    expect(mockApi.requestsTo('PUT', '/reviews/r1/reply')).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Sorry, we have a second chair now.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    const reply = await screen.findByTestId('review-reply');
    expect(reply.textContent).toContain('Reply from Acme Care');
    expect(reply.textContent).toContain('Sorry, we have a second chair now.');
    expect(mockApi.requestsTo('PUT', '/reviews/r1/reply')[0].body).toEqual({ text: 'Sorry, we have a second chair now.' });

    fireEvent.click(screen.getByRole('button', { name: /Edit your reply to/ }));
    expect((screen.getByLabelText('Your public reply') as HTMLTextAreaElement).value).toBe('Sorry, we have a second chair now.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete reply' }));
    await waitFor(() => expect(screen.queryByTestId('review-reply')).toBeNull());
    expect(mockApi.requestsTo('DELETE', '/reviews/r1/reply')).toHaveLength(1);
  });

  it('lists a page at a time with the rating of all reviews; "Load more reviews" reads the older ones', async () => {
    mockApi.signIn(aProvider());
    mockApi.reviews = [
      aReview({ _id: 'r1', rating: 5, comment: 'Newest' }),
      aReview({ _id: 'r2', rating: 4, comment: 'Middle' }),
      aReview({ _id: 'r3', rating: 3, comment: 'Oldest' }),
    ];
    mockApi.reviewPageSize = 2;
    renderWithProviders(<RatingsFeedback />);
    expect(await screen.findByText('Middle')).toBeTruthy();
    expect(screen.queryByText('Oldest')).toBeNull();
    // The server's summary, not the page's: three reviews averaging 4.0.
    expect(screen.getByText('4.0 (3 reviews)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    expect(await screen.findByText('Oldest')).toBeTruthy();
    expect(screen.getAllByTestId('review')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it('the server refusal shows in the form', async () => {
    mockApi.signIn(aProvider());
    mockApi.reviews = [aReview({ _id: 'r1' })];
    renderWithProviders(<RatingsFeedback />);
    fireEvent.click(await screen.findByRole('button', { name: /Respond to/ }));
    fireEvent.change(screen.getByLabelText('Your public reply'), { target: { value: 'x'.repeat(1000) + ' ' } });
    mockApi.reviews = [];
    fireEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Review not found')).toBeTruthy();
  });

  it('Report asks for a reason, sends it with the details, and says the second time is refused', async () => {
    mockApi.signIn(aProvider());
    mockApi.reviews = [aReview({ _id: 'r1' })];
    renderWithProviders(<RatingsFeedback />);

    fireEvent.click(await screen.findByRole('button', { name: /^Report / }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please choose a reason')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Offensive or abusive' }));
    fireEvent.change(within(dialog).getByLabelText('Details (optional)'), { target: { value: ' Rude words ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockApi.requestsTo('POST', '/reviews/r1/reports')[0].body).toEqual({ reason: 'offensive', details: 'Rude words' });

    fireEvent.click(screen.getByRole('button', { name: /^Report / }));
    const again = await screen.findByRole('dialog', { name: 'Report this review' });
    fireEvent.click(within(again).getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByText('You have already reported this review; an operator will look at it soon')).toBeTruthy();
  });
});
