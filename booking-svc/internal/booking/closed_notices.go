package booking

import (
	"context"
	"errors"
	"time"
)

// EventDayClosed is written once per appointment and closed day when a
// provider closes a day that already holds the appointment: nothing about the
// appointment changes (same version), its customer is told to pick another
// time (docs/product.md#provider-schedule).
const EventDayClosed = "day_closed"

// ClosedDayNotice is an appointment that falls on one of its provider's days
// off, with the day (DateLayout, business zone) and the provider's note.
type ClosedDayNotice struct {
	Appointment Appointment
	Day         string
	Note        string
	// ClosedBy is the member whose own day off it is ("": the business's).
	ClosedBy string
}

// OnClosedDays picks the appointments of svc that still expect to take place
// (pending, scheduled or confirmed, starting after now) on one of svc's
// closed days, or on a day off of the member they are with.
func OnClosedDays(svc ServiceInfo, appointments []Appointment, loc *time.Location, now time.Time) []ClosedDayNotice {
	var out []ClosedDayNotice
	for _, a := range appointments {
		if !awaited(a.Status) || !a.StartsAt.After(now) || a.ServiceID != svc.ID {
			continue
		}
		day := midnight(a.StartsAt.In(loc))
		if c, closed := svc.ClosedOn(day); closed {
			out = append(out, ClosedDayNotice{Appointment: a, Day: day.Format(DateLayout), Note: c.Note})
			continue
		}
		// The member's own day off tells the customers booked with them.
		if m, ok := svc.Member(staffOf(a)); ok {
			if c, off := m.OffOn(day); off {
				out = append(out, ClosedDayNotice{Appointment: a, Day: day.Format(DateLayout), Note: c.Note, ClosedBy: m.Name})
			}
		}
	}
	return out
}

// awaited reports whether an appointment in status is still to take place.
func awaited(status string) bool {
	return status == StatusPending || status == StatusScheduled || status == StatusConfirmed
}

// NoticeStore finds the appointments a schedule change may affect and
// records each notice with its event.
type NoticeStore interface {
	// Upcoming is the service's appointments starting at or after from that
	// hold their slot.
	Upcoming(ctx context.Context, serviceID string, from time.Time) ([]Appointment, error)
	// NoticeDayClosed writes n's day_closed event unless one was written for
	// the same appointment and day before; it reports whether it wrote one.
	NoticeDayClosed(ctx context.Context, n ClosedDayNotice, at time.Time) (bool, error)
}

// ClosedDayNotices tells the customers of appointments on a newly closed
// day, once per appointment and day, whichever process sees the change and
// however often the change event is delivered.
type ClosedDayNotices struct {
	Catalog  Catalog
	Store    NoticeStore
	Location *time.Location
	Now      func() time.Time
}

// ScheduleChanged looks at a service after its provider's schedule changed
// and writes the notices that are due; it returns how many it wrote. A
// service that no longer exists has nothing to notice.
func (c ClosedDayNotices) ScheduleChanged(ctx context.Context, serviceID string) (int, error) {
	svc, err := c.Catalog.Service(ctx, serviceID) // never a copy: the change is what matters
	if errors.Is(err, ErrServiceNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if len(svc.Closures) == 0 && !anyMemberOff(svc.Staff) {
		return 0, nil
	}
	now := c.Now()
	appointments, err := c.Store.Upcoming(ctx, serviceID, now)
	if err != nil {
		return 0, err
	}
	written := 0
	for _, n := range OnClosedDays(svc, appointments, c.Location, now) {
		wrote, err := c.Store.NoticeDayClosed(ctx, n, now)
		if err != nil {
			return written, err
		}
		if wrote {
			written++
		}
	}
	return written, nil
}

func anyMemberOff(staff []Member) bool {
	for _, m := range staff {
		if len(m.Closures) > 0 {
			return true
		}
	}
	return false
}
