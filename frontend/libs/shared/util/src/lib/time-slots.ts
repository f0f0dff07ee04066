// Slot labels: the API takes and returns '9:00 AM' or 24-hour 'HH:MM' (docs/product.md#data).

/** Minutes since midnight of '9:00 AM', '9 AM', '09:00' or '14:30'; null when unreadable. */
export function parseTimeLabel(label: string): number | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*$/.exec(label ?? '');
  if (!m) return null;
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  const ampm = m[3]?.toUpperCase();
  if (min > 59) return null;
  if (ampm) {
    if (h < 1 || h > 12) return null;
    if (h === 12) h = 0;
    if (ampm === 'PM') h += 12;
  } else if (m[2] === undefined || h > 23) {
    return null;
  }
  return h * 60 + min;
}

/** '9:00 AM' for 540. */
export function formatTime12(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Any accepted label shown as '9:00 AM'; unreadable labels are shown as given. */
export function displayTime(label: string): string {
  const m = parseTimeLabel(label);
  return m === null ? label : formatTime12(m);
}

/** Two labels naming the same time of day ('9:00 AM' and '09:00'). */
export function sameTime(a: string, b: string): boolean {
  const x = parseTimeLabel(a);
  return x !== null && x === parseTimeLabel(b);
}

/** The 'HH:MM' label `minutes` after a slot label ('05:30' + 15 → '05:45'); wraps past midnight. */
export function addMinutesLabel(label: string, minutes: number): string | null {
  const m = parseTimeLabel(label);
  if (m === null || !Number.isFinite(minutes)) return null;
  const t = (((m + Math.round(minutes)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}
