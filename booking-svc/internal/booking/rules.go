package booking

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/validate"
)

// Messages: the wording of docs/product.md#validation and #messages where it has one.
const (
	MsgDateTimeRequired     = "Please select both a date and time for your appointment"
	MsgInvalidPhone         = "Please enter a valid phone number (at least 10 digits)"
	MsgAddressRequired      = "Please enter your address"
	MsgServiceIDRequired    = "No service ID available for booking"
	MsgInvalidDateTime      = "Please select a valid date and time"
	MsgNotASlot             = "Please select one of the available time slots for this service"
	MsgSlotPassed           = "This time slot has already passed"
	MsgOutsideWindow        = "Please select a date within the next 10 days"
	MsgSlotTaken            = "This time slot is already booked"
	MsgServiceNotFound      = "Service not found"
	MsgServiceInactive      = "This service is not accepting bookings right now"
	MsgAppointmentNotFound  = "Appointment not found"
	MsgCustomersOnly        = "Only customers can book appointments"
	MsgProvidersOnly        = "Only service providers can do this"
	MsgOwnCustomerOnly      = "Only the customer who booked this appointment can do this"
	MsgStatusRequired       = "Status is required"
	MsgRescheduleRequired   = "Please select both date and time"
	MsgRescheduleNotLater   = "Please select a date and time after the current appointment"
	MsgRescheduleNotFuture  = "Please select a future date and time"
	MsgReschedulePast       = "Cannot reschedule past appointments"
	MsgRescheduleWindow     = "Please select a date within the next 14 days"
	MsgCancelPast           = "Cannot cancel past appointments"
	MsgIdempotencyKeyReused = "This Idempotency-Key was already used with a different request"
	MsgInvalidFrom          = "from must be a date (YYYY-MM-DD)"
	MsgInvalidDays          = "days must be between 1 and 31"
	MsgFromOutOfRange       = "from must be within a year of today"
	MsgInvalidEmail         = "Please enter a valid email address"
	MsgIdempotencyKeyBad    = "Idempotency-Key must be 1 to 255 printable characters"
)

// Text fields of the booking form and their limits in characters (the
// names are the form's labels). Phone and email have rules of their own.
var (
	CustomerName    = validate.Field{Name: "Full name", Max: 100}
	CustomerAddress = validate.Field{Name: "Address", Max: 300}
	Notes           = validate.Field{Name: "Reason for visit", Max: 1000, Multiline: true}
	// Reason is the optional word that goes with declining or cancelling.
	Reason = validate.Field{Name: "Reason", Max: 300, Multiline: true}
)

// MsgReasonNotHere answers a reason sent with a status other than
// cancelled or rejected: it would be stored nowhere.
const MsgReasonNotHere = "A reason can be given only when declining or cancelling"

// CheckReason trims the reason given with a move to status to and checks
// it: only declining or cancelling take one, within Reason's bounds.
func CheckReason(to, reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", nil
	}
	if to != StatusCancelled && to != StatusRejected {
		return "", apperr.Invalid(MsgReasonNotHere)
	}
	return reason, Reason.Check(reason)
}

// MaxIdempotencyKey bounds the Idempotency-Key header (it is part of a
// primary key, and PostgreSQL refuses index entries over ~2.7 kB).
const MaxIdempotencyKey = 255

// CheckIdempotencyKey refuses a key that is too long or not printable.
func CheckIdempotencyKey(key string) error {
	if utf8.RuneCountInString(key) > MaxIdempotencyKey || !(validate.Field{Max: MaxIdempotencyKey}).Printable(key) {
		return apperr.Invalid(MsgIdempotencyKeyBad)
	}
	return nil
}

// A customer's reschedules are limited: each one mails the provider (issue
// 40: 5 in under a second sent 5 mails). Only reschedules that happen
// count; the repository counts them in the reschedule's own transaction,
// per customer, so every replica sees the same count.
const (
	ReschedulesPerWindow = 3
	RescheduleWindow     = time.Minute
)

// CheckRescheduleBudget refuses a reschedule at now when the customer's
// earlier ones inside the window (oldest first) have spent the budget:
// 429 with the seconds until the oldest leaves it.
func CheckRescheduleBudget(earlier []time.Time, now time.Time) error {
	wait, spent := budgetWait(earlier, now, ReschedulesPerWindow, RescheduleWindow)
	if !spent {
		return nil
	}
	secs := max(int((wait+time.Second-1)/time.Second), 1)
	return &apperr.Error{Kind: apperr.KindRateLimited, RetryAfter: secs,
		Message: fmt.Sprintf("Too many reschedules, please try again in %d seconds", secs)}
}

// MaxAvailabilityDays bounds one availability query.
const MaxAvailabilityDays = 31

// FromRangeDays bounds an availability query's first day either side of
// today: nothing can be booked further away (the booking window is 10
// days, a reschedule 14), and a date near the calendar's ends (9999-12-31)
// has an end past what a timestamp can hold, which failed as a 500.
const FromRangeDays = 366

// CheckAvailabilityFrom refuses a first day more than FromRangeDays from
// today (both midnights in the business zone).
func CheckAvailabilityFrom(from, today time.Time) error {
	if d := DaysBetween(today, from); d > FromRangeDays || d < -FromRangeDays {
		return apperr.Invalid(MsgFromOutOfRange)
	}
	return nil
}

// ValidateNewBooking checks the payload fields in the order of docs/product.md#validation,
// then the bounds it leaves open, and trims them in place; slot rules need
// the service and come later.
func ValidateNewBooking(b *NewBooking) error {
	for _, f := range []*string{&b.ServiceID, &b.Date, &b.Time, &b.Notes, &b.CustomerName, &b.CustomerEmail, &b.CustomerPhone, &b.CustomerAddress} {
		*f = strings.TrimSpace(*f)
	}
	switch {
	case b.Date == "" || b.Time == "":
		return apperr.Invalid(MsgDateTimeRequired)
	case !validate.Phone(b.CustomerPhone):
		return apperr.Invalid(MsgInvalidPhone)
	case b.CustomerAddress == "":
		return apperr.Invalid(MsgAddressRequired)
	case b.ServiceID == "":
		return apperr.Invalid(MsgServiceIDRequired)
	}
	for _, f := range []struct {
		field validate.Field
		value string
	}{{CustomerAddress, b.CustomerAddress}, {CustomerName, b.CustomerName}, {Notes, b.Notes}} {
		if err := f.field.Check(f.value); err != nil {
			return err
		}
	}
	// An empty email means the login's (see service.book).
	if b.CustomerEmail != "" && !validate.Email(b.CustomerEmail) {
		return apperr.Invalid(MsgInvalidEmail)
	}
	return nil
}

// Moment is a requested date and time, read in the business zone.
type Moment struct {
	Day     time.Time // midnight in the zone
	Minutes int
}

// Start is the instant of the moment.
func (m Moment) Start() time.Time { return At(m.Day, m.Minutes) }

// ParseMoment reads date (ISO timestamp or YYYY-MM-DD) and time ("9:00 AM" or
// "09:00") in loc.
func ParseMoment(date, clock string, loc *time.Location) (Moment, error) {
	day, ok1 := ParseDate(date, loc)
	minutes, ok2 := ParseClock(clock)
	if !ok1 || !ok2 {
		return Moment{}, apperr.Invalid(MsgInvalidDateTime)
	}
	return Moment{Day: day, Minutes: minutes}, nil
}

// CheckBookable applies the booking rules to a moment: one of the service's
// slots, not passed, inside today..today+9 in the zone of now. It returns
// the slot as the service lists it.
func CheckBookable(svc ServiceInfo, m Moment, now time.Time) (Slot, error) {
	slot, ok := SlotAt(svc.TimeSlots, m.Minutes)
	if !ok {
		return Slot{}, apperr.Invalid(MsgNotASlot)
	}
	if !m.Start().After(now) {
		return Slot{}, apperr.Invalid(MsgSlotPassed)
	}
	if err := checkNotice(svc, m.Start(), now); err != nil {
		return Slot{}, err
	}
	today := midnight(now.In(m.Day.Location()))
	if d := DaysBetween(today, m.Day); d < 0 || d >= WindowDays {
		return Slot{}, apperr.Invalid(MsgOutsideWindow)
	}
	return slot, nil
}

// CheckReschedule applies the reschedule rules (docs/product.md#validation, docs/architecture.md#rules-the-server-enforces) to a an
// appointment and the requested moment, in this order: the appointment is
// still open, the new moment is later than the current one, in the future,
// the current appointment has not started, the new moment is one of the
// service's slots (while it takes bookings) within 14 days of the later of
// today and the current date.
func CheckReschedule(a Appointment, svc ServiceInfo, m Moment, now time.Time) (Slot, error) {
	if !slices.Contains(reschedulable, a.Status) {
		return Slot{}, notAllowed(a.Status, "rescheduled")
	}
	start := m.Start()
	if !start.After(a.StartsAt) {
		return Slot{}, apperr.Invalid(MsgRescheduleNotLater)
	}
	if !start.After(now) {
		return Slot{}, apperr.Invalid(MsgRescheduleNotFuture)
	}
	if a.Started(now) {
		return Slot{}, apperr.Conflict(MsgReschedulePast)
	}
	if !svc.IsActive {
		return Slot{}, apperr.Conflict(MsgServiceInactive)
	}
	slot, ok := SlotAt(svc.TimeSlots, m.Minutes)
	if !ok {
		return Slot{}, apperr.Invalid(MsgNotASlot)
	}
	if err := checkNotice(svc, start, now); err != nil {
		return Slot{}, err
	}
	loc := m.Day.Location()
	from := midnight(now.In(loc))
	if cur := midnight(a.StartsAt.In(loc)); cur.After(from) {
		from = cur
	}
	if DaysBetween(from, m.Day) >= RescheduleWindowDays {
		return Slot{}, apperr.Invalid(MsgRescheduleWindow)
	}
	return slot, nil
}

// reschedulable are the statuses a customer may reschedule from (docs/architecture.md#rules-the-server-enforces:
// an open appointment, before it starts); rescheduling puts it back to
// scheduled.
var reschedulable = []string{StatusPending, StatusScheduled, StatusConfirmed}

// providerMoves is the provider half of the status machine (docs/architecture.md#rules-the-server-enforces).
// afterStart marks moves allowed only once the start time has passed.
var providerMoves = map[string]map[string]bool{
	StatusPending:    {StatusScheduled: false, StatusConfirmed: false, StatusRejected: false, StatusCancelled: false},
	StatusScheduled:  {StatusConfirmed: false, StatusCancelled: false, StatusInProgress: true, StatusCompleted: true, StatusNoShow: true},
	StatusConfirmed:  {StatusInProgress: true, StatusCompleted: true, StatusNoShow: true},
	StatusInProgress: {StatusCompleted: false},
}

// customerCancellable are the statuses a customer may cancel from, while the
// appointment is in the future.
var customerCancellable = []string{StatusPending, StatusScheduled, StatusConfirmed}

// ValidStatus reports whether s names a status.
func ValidStatus(s string) bool { return slices.Contains(Statuses, s) }

// answers are the provider's moves on an appointment that awaits their
// answer, whatever its status: accept (scheduled, or confirmed) or
// decline (cancelled, or rejected).
var answers = []string{StatusScheduled, StatusConfirmed, StatusCancelled, StatusRejected}

// ProviderTransition checks that the provider may move a from its status to
// to at now. An appointment awaiting the provider's answer (a request, or
// one the customer moved before it was answered) can only be answered.
func ProviderTransition(a Appointment, to string, now time.Time) error {
	if err := checkStatusValue(to); err != nil {
		return err
	}
	if a.AwaitingProvider {
		if !slices.Contains(answers, to) {
			return apperr.Conflict(fmt.Sprintf("The appointment is %s and awaits your answer, so it cannot be %s: accept or decline it first", a.Status, verb(to)))
		}
		return nil
	}
	afterStart, ok := providerMoves[a.Status][to]
	if !ok {
		return notAllowed(a.Status, to)
	}
	if afterStart && !a.Started(now) {
		return apperr.Conflict(fmt.Sprintf("The appointment is %s and has not started yet, so it cannot be marked %s", a.Status, to))
	}
	return nil
}

// CustomerTransition checks that the customer may move a to to at now: only
// cancelling an open appointment before it starts.
func CustomerTransition(a Appointment, to string, now time.Time) error {
	if err := checkStatusValue(to); err != nil {
		return err
	}
	if to != StatusCancelled || !slices.Contains(customerCancellable, a.Status) {
		return notAllowed(a.Status, to)
	}
	if a.Started(now) {
		return apperr.Conflict(MsgCancelPast)
	}
	return nil
}

func checkStatusValue(to string) error {
	if to == "" {
		return apperr.Invalid(MsgStatusRequired)
	}
	if !ValidStatus(to) {
		return apperr.Invalidf("Invalid status %s: use one of %s", validate.Quote(to), strings.Join(Statuses, ", "))
	}
	return nil
}

func notAllowed(current, to string) error {
	return apperr.Conflict(fmt.Sprintf("The appointment is %s and cannot be %s", current, verb(to)))
}

func verb(to string) string {
	switch to {
	case "rescheduled":
		return "rescheduled"
	case StatusInProgress:
		return "marked in-progress"
	case StatusNoShow:
		return "marked no-show"
	case StatusCompleted:
		return "marked completed"
	default:
		return "moved to " + to
	}
}
