package booking

import (
	"errors"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// Teams (docs/product.md#team-members): a service is performed by members of
// its provider's team, each with working hours and days off, and no member
// is ever in two active appointments at overlapping times, across services.
// PostgreSQL enforces the last (the store's exclusion constraint,
// migration 009); the rules here choose a member and explain refusals.

// Member is a team member as booking needs them (catalog-svc owns them).
type Member struct {
	ID, Name, Email string
	IsOwner         bool
	Hours           []WorkingHours
	// Closures are the member's own days off that have not ended.
	Closures []Closure
}

// WorkingHours is one weekday of a member's week, in minutes after
// midnight in the business time zone (To may be 24*60).
type WorkingHours struct {
	Weekday  time.Weekday
	From, To int
}

// Busy is the time an active appointment holds its member.
type Busy struct {
	AppointmentID string
	StaffID       string
	ServiceID     string
	Start, End    time.Time
}

// StaffAny, as a reschedule's staffId, asks for anyone free.
const StaffAny = "any"

// ErrStaffBusy is the store's "the member already has an appointment
// overlapping this one" (the exclusion constraint).
var ErrStaffBusy = errors.New("member busy")

// Messages of the team rules.
const (
	MsgUnknownStaff    = "Choose a team member who offers this service"
	MsgReassignPast    = "Cannot reassign an appointment that has started or was cancelled"
	MsgStaffIDRequired = "staffId is required: choose the team member to give this appointment to"
)

// NotFreeMessage refuses a member busy, off or not working at the time.
func NotFreeMessage(name string) string { return name + " is not free at that time" }

// KeepNotFreeMessage refuses a reschedule keeping a member who is not free.
func KeepNotFreeMessage(name string) string {
	return NotFreeMessage(name) + ": choose another time or anyone available"
}

// ReassignedMessage answers a reassignment.
func ReassignedMessage(name string) string { return "Appointment reassigned to " + name }

// OwnerOf is the owner member of a provider as catalog-svc creates it,
// working all day every day: what a service performs when the catalogue
// names nobody (a catalogue from before teams).
func OwnerOf(providerID, business string) Member {
	name := strings.TrimSpace(business)
	if name == "" {
		name = "Owner"
	}
	m := Member{ID: identity.OwnerMemberID(providerID), Name: name, IsOwner: true}
	for d := time.Sunday; d <= time.Saturday; d++ {
		m.Hours = append(m.Hours, WorkingHours{Weekday: d, From: 0, To: 24 * 60})
	}
	return m
}

// Length is how long an appointment of svc holds its member: the
// service's duration, at least a minute (an empty range would overlap
// nothing).
func Length(svc ServiceInfo) time.Duration {
	return max(time.Duration(svc.Duration)*time.Minute, time.Minute)
}

// Works reports whether m works the whole of [start, start+length): the
// start's weekday has hours, the start is at or after From and the end at
// or before To. Hours to 24:00 take any start before midnight (an
// appointment may run past it, as before teams).
func (m Member) Works(start time.Time, length time.Duration) bool {
	mins := start.Hour()*60 + start.Minute()
	for _, h := range m.Hours {
		if h.Weekday != start.Weekday() {
			continue
		}
		end := mins + int((length+time.Minute-1)/time.Minute)
		return mins >= h.From && (end <= h.To || h.To == 24*60)
	}
	return false
}

// OffOn returns the member's closure covering day (midnight, business zone).
func (m Member) OffOn(day time.Time) (Closure, bool) {
	return ServiceInfo{Closures: m.Closures}.ClosedOn(day)
}

// FreeAt reports whether m can take [start, start+length) on day: working,
// not off, and holding no active appointment overlapping it other than
// except (the appointment being moved or reassigned).
func (m Member) FreeAt(day, start time.Time, length time.Duration, busy []Busy, except string) bool {
	if !m.Works(start, length) {
		return false
	}
	if _, off := m.OffOn(day); off {
		return false
	}
	end := start.Add(length)
	for _, b := range busy {
		if b.StaffID == m.ID && b.AppointmentID != except && b.Start.Before(end) && start.Before(b.End) {
			return false
		}
	}
	return true
}

// spacedFrom reports whether start keeps the service's spacing (buffer.go)
// from m's other appointments of the same service.
func spacedFrom(m Member, serviceID string, start time.Time, busy []Busy, spacing time.Duration, except string) bool {
	if spacing <= 0 {
		return true
	}
	var starts []time.Time
	for _, b := range busy {
		if b.StaffID == m.ID && b.ServiceID == serviceID && b.AppointmentID != except {
			starts = append(starts, b.Start)
		}
	}
	return !TooClose(start, starts, spacing)
}

// Member returns the service's member id.
func (svc ServiceInfo) Member(id string) (Member, bool) {
	for _, m := range svc.Staff {
		if m.ID == id {
			return m, true
		}
	}
	return Member{}, false
}

// FreeMembers are the service's members free for [start, start+Length)
// on day, in the service's order (owner first, then by name).
func FreeMembers(svc ServiceInfo, day, start time.Time, busy []Busy, except string) []Member {
	var out []Member
	length, spacing := Length(svc), Spacing(svc)
	for _, m := range svc.Staff {
		if m.FreeAt(day, start, length, busy, except) && spacedFrom(m, svc.ID, start, busy, spacing, except) {
			out = append(out, m)
		}
	}
	return out
}

// ByFewest orders free members for "anyone available": fewest active
// appointments that day first; ties keep the service's order (owner
// first, then by name).
func ByFewest(free []Member, bookedThatDay map[string]int) []Member {
	out := append([]Member(nil), free...)
	// Insertion sort: stable, and a team is at most 50.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && bookedThatDay[out[j].ID] < bookedThatDay[out[j-1].ID]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// pickStaff resolves a requested staffId against svc: "" is anyone (nil,
// nil), an id is that member, anything else 400.
func pickStaff(svc ServiceInfo, staffID string) (*Member, error) {
	staffID = strings.TrimSpace(staffID)
	if staffID == "" || staffID == StaffAny {
		return nil, nil
	}
	m, ok := svc.Member(staffID)
	if !ok {
		return nil, apperr.Invalid(MsgUnknownStaff)
	}
	return &m, nil
}

// staffOf is the member an appointment is with: its own, or the owner
// for one booked before teams (no staff stored).
// assign gives a to member; when it was someone else's, change names them
// (for their mail: notification-svc tells them it is no longer theirs).
func assign(a *Appointment, member Member, change Change) Change {
	if prev := staffOf(*a); prev != member.ID {
		change.PreviousStaffID, change.PreviousStaffName, change.PreviousStaffEmail = prev, a.StaffName, a.StaffEmail
	}
	a.StaffID, a.StaffName, a.StaffEmail = member.ID, member.Name, member.Email
	return change
}

func staffOf(a Appointment) string {
	if a.StaffID != "" {
		return a.StaffID
	}
	return identity.OwnerMemberID(a.ProviderID)
}
