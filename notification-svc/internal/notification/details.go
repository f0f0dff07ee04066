package notification

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Details is what a mail tells of its appointment: its state after the
// newest change notification-svc has seen (store.Effects keeps one row per
// appointment, a later version replacing an earlier one), so a mail sent
// late still shows, and puts in the calendar, what holds now.
type Details struct {
	AppointmentID string
	Service       string
	Business      string
	Location      string
	CustomerEmail string
	// Price is in rupees; 0 is unknown (booked before prices were kept).
	Price float64
	// Minutes is the length as booked or last moved; 0 is unknown.
	Minutes  int
	StartsAt time.Time
	Status   string
	Version  int64
}

// DetailsOf is an event's appointment as a mail tells it; nil for an event
// without one.
func DetailsOf(a AppointmentChange) *Details {
	if a.AppointmentID == "" || a.StartsAt.IsZero() {
		return nil
	}
	return &Details{AppointmentID: a.AppointmentID, Service: a.ServiceName, Business: a.Provider, Location: a.Location,
		CustomerEmail: a.CustomerEmail, Price: a.Price, Minutes: a.Duration, StartsAt: a.StartsAt, Status: a.Status, Version: a.Version}
}

// Cancelled reports whether the appointment will not take place.
func (d Details) Cancelled() bool { return d.Status == StatusCancelled || d.Status == StatusRejected }

// rows are the details as a mail lists them, in the business zone.
func (d Details) rows(loc *time.Location) []Row {
	start := d.StartsAt.In(loc)
	zone, _ := start.Zone()
	when := start.Format("Monday, 2 January 2006, 3:04 PM") + " " + zone + " (" + loc.String() + ")"
	rows := []Row{{"Service", orDefault(d.Service, "Appointment")}}
	if d.Business != "" {
		rows = append(rows, Row{"Business", d.Business})
	}
	rows = append(rows, Row{"When", when})
	if d.Minutes > 0 {
		rows = append(rows, Row{"Duration", Minutes(d.Minutes)})
	}
	if d.Price > 0 {
		rows = append(rows, Row{"Price", Rupees(d.Price)})
	}
	if d.Location != "" {
		rows = append(rows, Row{"Address", d.Location})
	}
	if label := statusLabels[d.Status]; label != "" {
		rows = append(rows, Row{"Status", label})
	}
	return rows
}

// statusLabels are the words the web app uses for each status.
var statusLabels = map[string]string{
	StatusPending: "Awaiting the provider's answer", StatusScheduled: "Accepted", StatusConfirmed: "Confirmed",
	StatusCompleted: "Completed", StatusCancelled: "Cancelled", StatusRejected: "Declined",
}

// Minutes writes a length: "45 minutes", "1 hour", "1 hour 30 minutes".
func Minutes(m int) string {
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + one + "s"
	}
	h, m := m/60, m%60
	switch {
	case h == 0:
		return unit(m, "minute")
	case m == 0:
		return unit(h, "hour")
	}
	return unit(h, "hour") + " " + unit(m, "minute")
}

// Rupees writes a price the Indian way: "₹1,500", "₹12,34,567.50".
func Rupees(p float64) string {
	paise := int64(p*100 + 0.5)
	digits := strconv.FormatInt(paise/100, 10)
	grouped := digits
	if len(digits) > 3 {
		head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
		var groups []string
		for len(head) > 2 { // groups of two before the last three digits
			groups = append([]string{head[len(head)-2:]}, groups...)
			head = head[:len(head)-2]
		}
		if head != "" {
			groups = append([]string{head}, groups...)
		}
		grouped = strings.Join(append(groups, tail), ",")
	}
	if paise%100 != 0 {
		return fmt.Sprintf("₹%s.%02d", grouped, paise%100)
	}
	return "₹" + grouped
}
