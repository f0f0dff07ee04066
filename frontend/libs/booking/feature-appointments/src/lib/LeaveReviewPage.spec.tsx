import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { apiError, aUser, http, mockApi, server } from '@slotwise/shared-testing';
import { LeaveReviewPage } from './LeaveReviewPage';

function renderPage(state: unknown) {
  mockApi.signIn(aUser());
  renderWithProviders(
    <Routes>
      <Route path="/leave-review" element={<LeaveReviewPage />} />
      <Route path="/my-appointments" element={<p>back on the list</p>} />
    </Routes>,
    { entries: ['/my-appointments', { pathname: '/leave-review', state }], initialIndex: 1 },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LeaveReviewPage', () => {
  it('without an appointment id in navigation state', () => {
    renderPage(null);
    expect(screen.getByText('No appointment ID provided')).toBeTruthy();
  });

  it('validates, posts the review, thanks after 1 s and goes back', async () => {
    renderPage({ appointmentId: 'a1', serviceName: 'Dental check-up' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByText('Please select a rating')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: '  good  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByText('Please enter a comment (minimum 5 characters)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: ' Very gentle ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review submitted.')).toBeTruthy();
    expect(mockApi.requestsTo('POST', '/reviews').map((r) => r.body)).toEqual([{ appointmentId: 'a1', rating: 4, comment: 'Very gentle' }]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Thank you for your review!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText('back on the list')).toBeTruthy();
  });

  it('shows the server refusal', async () => {
    server.use(http.post('*/reviews', () => apiError(409, 'You have already reviewed this appointment')));
    renderPage({ appointmentId: 'a1' });
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Lovely visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('You have already reviewed this appointment')).toBeTruthy();
  });
});
