import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { aUser, apiError, http, mockApi, server } from '@slotwise/shared-testing';
import { HttpResponse } from 'msw';
import { YourDataSection } from './YourDataSection';
import { EXPORT_FILE_NAME } from '../api/export-api';

describe('YourDataSection', () => {
  let saved: { href: string; download: string }[];
  let authorization: (string | null)[];

  beforeEach(() => {
    saved = [];
    authorization = [];
    mockApi.signIn(aUser(), 'secret1');
    URL.createObjectURL = vi.fn(() => 'blob:my-data');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    server.use(
      http.get('*/auth/export', ({ request }) => {
        authorization.push(request.headers.get('Authorization'));
        return HttpResponse.json({ account: {}, appointments: [], reviews: [], notifications: [] });
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads the file with the signed-in token and says so', async () => {
    renderWithProviders(<YourDataSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your data was downloaded.');
    expect(saved).toEqual([{ href: 'blob:my-data', download: EXPORT_FILE_NAME }]);
    expect(authorization).toEqual(['Bearer test-token']);
  });

  it("shows the server's refusal and saves nothing", async () => {
    server.use(http.get('*/auth/export', () => apiError(401, 'Sign in to download your data')));
    renderWithProviders(<YourDataSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign in to download your data');
    expect(saved).toEqual([]);
  });
});
