import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { anAnalytics, apiError, aProvider, http, mockApi, server } from '@slotwise/shared-testing';
import { makeQueryClient } from '@slotwise/shared-data-access';
import type { ProviderAnalytics } from '@slotwise/shared-contract';
import { AnalyticsSection } from './AnalyticsSection';

// Recharts draws nothing in jsdom (no layout): a stand-in shows what the charts were given.
vi.mock('./AnalyticsCharts', () => ({
  default: ({ data }: { data: ProviderAnalytics }) => <div data-testid="charts">charts of {data.days} days</div>,
}));

const month = anAnalytics(30, [
  { date: '2026-11-02', completed: 2, revenue: 2998, averageRating: 4, ratingCount: 2 },
  { date: '2026-11-20', confirmed: 1, cancelled: 1 },
]);
const week = anAnalytics(7, [{ date: '2026-11-24', completed: 1, revenue: 1499, noShow: 1 }], { 10: 2 });

const analyticsCalls = () => mockApi.requestsTo('GET', '/providers/me/analytics').map((r) => r.path);

describe('AnalyticsSection', () => {
  beforeEach(() => {
    mockApi.signIn(aProvider());
    mockApi.analytics.set(month);
    mockApi.analytics.set(week);
  });

  it('shows the last 30 days first: totals, charts, and the figures as a table', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsSection />);
    const totals = await screen.findByTestId('analytics-totals');
    expect(analyticsCalls()).toEqual(['/providers/me/analytics?days=30']);
    expect(screen.getByRole('tab', { name: '30 days' }).getAttribute('aria-selected')).toBe('true');
    expect(within(totals).getByText('Bookings').nextElementSibling?.textContent).toBe('4');
    expect(within(totals).getByText('Revenue').nextElementSibling?.textContent).toBe('₹2,998');
    expect(within(totals).getByText('Cancellation rate').nextElementSibling?.textContent).toBe('25%');
    expect(screen.getByTestId('analytics-average-rating').textContent).toBe('4.0');
    expect(screen.getByTestId('analytics-average-rating-note').textContent).toBe('2 reviews');
    expect((await screen.findByTestId('charts')).textContent).toBe('charts of 30 days');

    // The table alternative: behind a visible disclosure, a real table with header cells.
    await user.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', { name: 'Bookings per day' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Day', 'Bookings', 'Completed', 'Confirmed', 'Scheduled or in progress', 'Pending', 'Cancelled', 'Rejected', 'No-show', 'Revenue', 'Average rating',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    const nov2 = within(table).getByRole('rowheader', { name: '2 Nov' }).closest('tr') as HTMLElement;
    expect(within(nov2).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '2', '0', '0', '0', '0', '0', '0', '₹2,998', '4.0 (2)']);
    expect(within(screen.getByRole('table', { name: 'Bookings by starting hour' })).getAllByRole('row')).toHaveLength(25);
  });

  it('the period selector is one tab stop; arrows pick 7, 30 or 90 days and each asks the server for that period', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AnalyticsSection />);
    await screen.findByTestId('analytics-totals');
    expect(screen.getByRole('tablist', { name: 'Period' })).toBeTruthy();
    screen.getByRole('tab', { name: '30 days' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '7 days' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('analytics-bookings').textContent).toBe('2'));
    expect(screen.getByTestId('analytics-revenue').textContent).toBe('₹1,499');
    expect(screen.getByTestId('analytics-no-show-rate').textContent).toBe('50%');
    expect(screen.getByTestId('charts').textContent).toBe('charts of 7 days');

    await user.click(screen.getByRole('tab', { name: '90 days' }));
    // No bookings in the 90-day answer (none seeded): the empty state names the period.
    expect(await screen.findByText('No bookings in the last 90 days')).toBeTruthy();
    expect(screen.queryByTestId('charts')).toBeNull();
    expect(analyticsCalls()).toEqual(['/providers/me/analytics?days=30', '/providers/me/analytics?days=7', '/providers/me/analytics?days=90']);
  });

  it('a failed read says so and offers to try again (after the one retry of a 5xx)', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('*/providers/me/analytics', () => {
        calls++;
        return calls <= 2 ? apiError(503, 'booking-svc unavailable') : Response.json(month);
      }),
    );
    renderWithProviders(<AnalyticsSection />, { queryClient: makeQueryClient() });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load analytics. Please try again.');
    expect(calls).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('analytics-bookings')).textContent).toBe('4');
  });

  it('says when the period has no bookings', async () => {
    mockApi.analytics.set(anAnalytics(30));
    renderWithProviders(<AnalyticsSection />);
    expect(await screen.findByText('No bookings in the last 30 days')).toBeTruthy();
  });
});
