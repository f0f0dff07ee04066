/** '₹499' — prices are whole or fractional rupees. */
export function formatRupees(amount: number): string {
  return `₹${Number.isFinite(amount) ? amount.toLocaleString('en-IN') : '0'}`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} min`;
}

/** A readable date such as '21 November 2026'; '' when missing or invalid. */
export function formatLongDate(value: string | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-IN', { year: 'numeric', month: 'long', day: 'numeric' });
}
