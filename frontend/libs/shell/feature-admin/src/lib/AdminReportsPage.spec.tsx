import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import type { ReviewReport } from '@slotwise/shared-contract';
import { aReview, aUser, mockApi } from '@slotwise/shared-testing';
import { AdminReportsPage } from './AdminReportsPage';

const report = (id: string, comment: string): ReviewReport => ({
  review: aReview({ _id: id, comment, rating: 1, serviceName: 'Haircut' }),
  reporterCount: 2,
  reasons: [
    { reason: 'offensive', details: 'Rude words', createdAt: '2026-11-20T06:00:00Z' },
    { reason: 'false', details: '', createdAt: '2026-11-20T07:00:00Z' },
  ],
  firstReportedAt: '2026-11-20T06:00:00Z',
});

describe('AdminReportsPage (docs/product.md#replies-and-reports)', () => {
  it('lists open reports with the review, its service, rating, reasons and reporter count', async () => {
    mockApi.signIn(aUser({ operator: true }));
    mockApi.reports = [report('r1', 'You are all crooks')];
    renderWithProviders(<AdminReportsPage />);
    const card = await screen.findByTestId('report');
    expect(within(card).getByRole('heading', { name: 'Haircut' })).toBeTruthy();
    expect(card.textContent).toContain('You are all crooks');
    expect(card.textContent).toContain('Reported by 2 people');
    expect(card.textContent).toContain('Offensive or abusive — “Rude words”');
    expect(card.textContent).toContain('False or misleading');
  });

  it('a page at a time: "Load more reports" reads the reviews that waited less, after the last one', async () => {
    mockApi.signIn(aUser({ operator: true }));
    mockApi.reports = [report('r1', 'First'), report('r2', 'Second'), report('r3', 'Third')];
    mockApi.reviewPageSize = 2;
    renderWithProviders(<AdminReportsPage />);
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.queryByText('Third')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more reports' }));
    expect(await screen.findByText('Third')).toBeTruthy();
    expect(screen.getAllByTestId('report')).toHaveLength(3);
    expect(mockApi.requestsTo('GET', '/reviews/reports')[1].path).toContain('cursor=q%3A2');
    expect(screen.queryByRole('button', { name: 'Load more reports' })).toBeNull();
  });

  it('Hide asks first, then sends the decision; Keep sends at once; the list empties', async () => {
    mockApi.signIn(aUser({ operator: true }));
    mockApi.reports = [report('r1', 'Spam spam'), report('r2', 'Fine review')];
    renderWithProviders(<AdminReportsPage />);
    const [first] = await screen.findAllByTestId('report');
    fireEvent.click(within(first).getByRole('button', { name: 'Hide review' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Hide this review?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.getAllByTestId('report')).toHaveLength(1));
    expect(mockApi.requestsTo('POST', '/reviews/r1/decision')[0].body).toEqual({ decision: 'hide' });

    fireEvent.click(within(screen.getByTestId('report')).getByRole('button', { name: 'Keep review' }));
    expect(await screen.findByText('No open reports')).toBeTruthy();
    expect(mockApi.requestsTo('POST', '/reviews/r2/decision')[0].body).toEqual({ decision: 'keep' });
  });

  it('anyone else sees the refusal', async () => {
    mockApi.signIn(aUser());
    renderWithProviders(<AdminReportsPage />);
    expect(await screen.findByText('Only operators can see and decide reported reviews')).toBeTruthy();
  });
});
