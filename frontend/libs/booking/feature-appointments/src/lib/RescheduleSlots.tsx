import { useMemo } from 'react';
import type { Appointment } from '@slotwise/shared-contract';
import { ErrorBanner, Spinner } from '@slotwise/shared-ui';
import { BUSINESS_TIME_ZONE, businessDate, businessInstant } from '@slotwise/shared-util';
import { useAvailability, useService } from '@slotwise/booking-data-access';
import { RESCHEDULE_WINDOW_DAYS, ServiceSlotPicker, type SlotChoice } from '@slotwise/booking-ui';
import { rescheduleFrom } from './reschedule-rules';

/**
 * The new time of a reschedule, on the page and in the dialog alike: the service's real
 * availability over the days booking-svc accepts (RESCHEDULE_WINDOW_DAYS from the later of today
 * and the appointment's date) in the one slot picker of booking, only times after the current one.
 */
export function RescheduleSlots({
  appointment: a,
  now,
  value,
  onChange,
  staffId = '',
}: {
  appointment: Appointment;
  now: Date;
  value: SlotChoice;
  onChange: (v: SlotChoice) => void;
  /** the member whose free times are shown; '' = anyone who performs the service */
  staffId?: string;
}) {
  const from = rescheduleFrom(businessDate(now), a.date);
  const availability = useAvailability(a.serviceId, from, RESCHEDULE_WINDOW_DAYS, staffId);
  const service = useService(a.serviceId);
  const timeZone = availability.data?.timeZone || BUSINESS_TIME_ZONE;
  const after = useMemo(() => {
    const t = new Date(a.startsAt);
    return Number.isNaN(t.getTime()) ? businessInstant(a.date, a.time, timeZone) : t;
  }, [a.startsAt, a.date, a.time, timeZone]);
  if (availability.isPending) return <Spinner label="Loading free times…" />;
  if (availability.isError) return <ErrorBanner>{availability.error.message}</ErrorBanner>;
  return (
    <ServiceSlotPicker
      days={availability.data.days}
      timeZone={timeZone}
      value={value}
      onChange={onChange}
      dateLabel="New date"
      timeLabel="New time"
      business={service.data?.provider ?? a.provider}
      now={now}
      after={after}
      minNoticeMinutes={service.data?.minNoticeMinutes ?? 0}
    />
  );
}
