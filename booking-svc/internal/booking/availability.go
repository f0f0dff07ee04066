package booking

import "time"

// Availability lays out days of the service's slots from start: a slot is
// available when it has not passed, is beyond the service's minimum
// notice, and at least one of svc.Staff is free for it (working, not off,
// no active appointment of theirs overlapping it in any service, and far
// enough from their others of the service: buffer.go). With one member
// asked for (oneMember), that member's day off shows as a closed day.
func Availability(svc ServiceInfo, start time.Time, days int, busy []Busy, now time.Time, oneMember bool) []DaySlots {
	now = earliest(now, svc.MinNotice)
	slots := SlotsOf(svc.TimeSlots)
	out := make([]DaySlots, 0, days)
	for i := range days {
		out = append(out, dayOf(svc, start.AddDate(0, 0, i), slots, busy, now, oneMember))
	}
	return out
}

// FirstAvailable is the first available slot of Availability(svc, start,
// days, busy, now, false): the listing's next free slot (next.go) is what
// the service's own availability would offer first, computed by the same
// day's layout and stopping at the first day with a free slot.
func FirstAvailable(svc ServiceInfo, start time.Time, days int, busy []Busy, now time.Time) (NextSlot, bool) {
	now = earliest(now, svc.MinNotice)
	slots := SlotsOf(svc.TimeSlots)
	for i := range days {
		ds := dayOf(svc, start.AddDate(0, 0, i), slots, busy, now, false)
		for _, sl := range ds.Slots {
			if sl.Available {
				return NextSlot{ServiceID: svc.ID, Date: ds.Date, Time: sl.Time, StartsAt: sl.StartsAt}, true
			}
		}
	}
	return NextSlot{}, false
}

// dayOf is one day of Availability; now is already the earliest start
// the service's minimum notice allows.
func dayOf(svc ServiceInfo, day time.Time, slots []Slot, busy []Busy, now time.Time, oneMember bool) DaySlots {
	ds := DaySlots{Date: day.Format(DateLayout), Slots: make([]SlotState, 0, len(slots))}
	closure, closed := svc.ClosedOn(day)
	if !closed && oneMember && len(svc.Staff) == 1 {
		closure, closed = svc.Staff[0].OffOn(day)
	}
	ds.Closed, ds.ClosedNote = closed, closure.Note
	for _, sl := range slots {
		at := At(day, sl.Minutes)
		ds.Slots = append(ds.Slots, SlotState{Time: sl.Label, StartsAt: at,
			Available: !closed && at.After(now) && len(FreeMembers(svc, day, at, busy, "")) > 0})
	}
	return ds
}
