import { render, screen } from '@testing-library/react';
import { Field, Input, Select, Textarea } from './Field';
import { PasswordInput } from './PasswordInput';

describe('Field', () => {
  it('labels its control and describes it by the hint; an error marks it invalid and is read with it', () => {
    render(
      <>
        <Field label="Contact" hint="An email or a phone number">
          <Input />
        </Field>
        <Field label="Phone" error="Enter 10 digits" hint="Mobile">
          <Input type="tel" />
        </Field>
      </>,
    );
    const contact = screen.getByLabelText('Contact');
    expect(contact.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(contact.getAttribute('aria-describedby') ?? '')?.textContent).toBe('An email or a phone number');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const described = (phone.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Mobile', 'Enter 10 digits']);
  });

  it('wires every kind of control, with a given id when one is asked for', () => {
    render(
      <>
        <Field label="Category">
          <Select>
            <option>A</option>
          </Select>
        </Field>
        <Field label="Notes">
          <Textarea />
        </Field>
        <Field label="Password" id="password">
          <PasswordInput />
        </Field>
      </>,
    );
    expect(screen.getByLabelText('Category').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Password').id).toBe('password');
  });

  it('a control outside a Field is a plain control', () => {
    render(<Input aria-label="Search" />);
    expect(screen.getByRole('textbox', { name: 'Search' }).id).toBe('');
  });
});
