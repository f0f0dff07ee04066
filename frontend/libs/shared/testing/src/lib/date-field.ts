import { fireEvent, within } from '@testing-library/react';

/**
 * Types an ISO date into the DateField named `label` inside `container`, day first into its Day,
 * Month and Year boxes as a person does (libs/shared/ui/src/lib/DateField.tsx).
 */
export function fillDate(container: HTMLElement, label: string | RegExp, iso: string): void {
  const group = within(container).getByRole('group', { name: label });
  const [year, month, day] = iso.split('-');
  fireEvent.change(within(group).getByRole('textbox', { name: 'Day' }), { target: { value: day } });
  fireEvent.change(within(group).getByRole('textbox', { name: 'Month' }), { target: { value: month } });
  fireEvent.change(within(group).getByRole('textbox', { name: 'Year' }), { target: { value: year } });
}
