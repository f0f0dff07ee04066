import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@slotwise/shared-data-access/testing';
import { HttpResponse, aProvider, aStaffMember, http, mockApi, server } from '@slotwise/shared-testing';
import { MemberCalendarFeed } from './MemberCalendarFeed';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const meera = aStaffMember({ _id: 'm1', name: 'Meera Iyer' });

describe('MemberCalendarFeed', () => {
  it('asks for the address only when opened, shows it as webcal://, and replaces it', async () => {
    mockApi.signIn(aProvider());
    const asked: string[] = [];
    let token = 'first';
    server.use(
      http.get('*/providers/me/staff/:staffId/calendar-feed', ({ params }) => {
        asked.push(String(params.staffId));
        return HttpResponse.json({ success: true, path: `/calendar/${token}.ics` });
      }),
      http.post('*/providers/me/staff/:staffId/calendar-feed/reset', () => {
        token = 'second';
        return HttpResponse.json({ success: true, path: `/calendar/${token}.ics`, message: 'changed' });
      }),
    );
    renderWithProviders(<MemberCalendarFeed member={meera} />);
    // closed, nothing is asked (each first read makes an address), however long it stays so
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toEqual([]);
    fireEvent.click(screen.getByText('Calendar address for Meera Iyer'));
    const address = await screen.findByLabelText<HTMLInputElement>('Calendar address for Meera Iyer');
    expect(address.value).toMatch(/^webcal:\/\/.+\/calendar\/first\.ics$/);
    expect(asked).toEqual(['m1']);
    fireEvent.click(screen.getByRole('button', { name: 'Get a new address' }));
    await waitFor(() => expect(address.value).toMatch(/\/calendar\/second\.ics$/));
  });
});
