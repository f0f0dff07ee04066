import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { aService } from '@slotwise/shared-testing';
import { ServiceForm } from './ServiceForm';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const alertText = () => screen.getByRole('alert').textContent;
const slots = () => within(screen.getByRole('list', { name: 'Time slots' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent);

function fillValid() {
  fill('Service Name', ' Dental check-up ');
  fill('Category', 'Healthcare & Wellness');
  fill('Description', 'Thorough and friendly');
  fill('Price (₹)', '499');
  fill('Duration (minutes)', '30');
  fill('Address', '12 MG Road');
  fill('City', 'Bengaluru');
  fill('Contact', '9876543210');
}

describe('ServiceForm', () => {
  it('shows the first failing rule and does not save', async () => {
    const onSave = vi.fn();
    render(<ServiceForm onSave={onSave} />);
    click('Add Service');
    expect(alertText()).toBe('Service name is required');
    fillValid();
    fill('Contact', '12345');
    click('Add Service');
    // Spec order: the company name (empty here) comes before the contact.
    expect(alertText()).toBe('Company name is required');
    fill('Company Name', 'Smile Clinic');
    click('Add Service');
    expect(alertText()).toBe('Enter a valid email or 10-digit phone number');
    fill('Contact', 'desk@smile.example');
    click('Add Service');
    expect(alertText()).toBe('At least one time slot is required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('generates slots, removes one, resets, and reports generator errors', () => {
    render(<ServiceForm onSave={vi.fn()} defaultProvider="Smile Clinic" />);
    fill('Start Time', '09:00');
    fill('End Time', '10:30');
    fill('Slot Length (minutes)', '30');
    click('Generate Slots');
    expect(slots()).toEqual(['09:00', '09:30', '10:00']);
    click('Remove 09:30');
    expect(slots()).toEqual(['09:00', '10:00']);
    click('Reset');
    expect(screen.queryByRole('list', { name: 'Time slots' })).toBeNull();

    fill('Slot Length (minutes)', '0');
    click('Generate Slots');
    expect(alertText()).toBe('Enter valid time range and slot duration');
    fill('Slot Length (minutes)', '30');
    fill('Start Time', '11:00');
    click('Generate Slots');
    expect(alertText()).toBe('Start time must be before end time');
  });

  it('sends the payload of docs/product.md#the-api and shows the server message on failure', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new Error('Something went wrong')).mockRejectedValueOnce(new Error('Service name is too long')).mockResolvedValue({});
    render(<ServiceForm onSave={onSave} defaultProvider="Smile Clinic" />);
    fillValid();
    fill('End Time', '10:00');
    click('Generate Slots');
    fill('Book at least', '120');
    fill('Time between appointments', '15');
    click('Add Service');
    await waitFor(() => expect(alertText()).toBe('Failed to add service'));
    expect(onSave).toHaveBeenCalledWith(
      {
        name: 'Dental check-up',
        category: 'Healthcare & Wellness',
        description: 'Thorough and friendly',
        price: 499,
        duration: 30,
        provider: 'Smile Clinic',
        location: '12 MG Road, Bengaluru',
        contact: '9876543210',
        imageUrl: '',
        timeSlots: ['09:00', '09:30'],
        minNoticeMinutes: 120,
        bufferMinutes: 15,
      },
      undefined,
    );
    click('Add Service');
    await waitFor(() => expect(alertText()).toBe('Service name is too long'));
  });

  it('edits an existing service by id', async () => {
    const service = aService({
      _id: 'svc-1', name: 'Hair Cut', category: 'Beauty & Personal Care', description: 'Fresh look', price: 299, duration: 45,
      provider: 'Glow', location: '4th Cross, Indiranagar, Bengaluru', contact: 'glow@example.com', timeSlots: ['10:00'],
    });
    const onSave = vi.fn().mockRejectedValueOnce(new Error('Something went wrong')).mockResolvedValue({});
    render(<ServiceForm service={service} onSave={onSave} />);
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('4th Cross, Indiranagar');
    fill('Price (₹)', '350');
    click('Update Service');
    await waitFor(() => expect(alertText()).toBe('Failed to update service'));
    expect(onSave.mock.calls[0][0]).toMatchObject({ price: 350, location: '4th Cross, Indiranagar, Bengaluru', timeSlots: ['10:00'] });
    expect(onSave.mock.calls[0][1]).toBe('svc-1');
  });
});
