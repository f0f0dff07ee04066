package catalog

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/validate"
)

// Schedule is a provider's own calendar rules over all their services
// (docs/product.md#provider-schedule): whether the queue takes bookings at
// all, and the days off that have not ended yet, earliest first.
type Schedule struct {
	QueueOpen bool
	Closures  []Closure
}

// Closure is a run of days off, From to To included (DateLayout, in the
// business time zone).
type Closure struct {
	ID       string
	From, To string
	Note     string
}

// NewClosure is POST /providers/me/closures.
type NewClosure struct {
	From, To, Note string
}

// OpenSchedule is the schedule of a provider who never changed theirs.
func OpenSchedule() Schedule { return Schedule{QueueOpen: true, Closures: []Closure{}} }

// DateLayout is how calendar dates are written.
const DateLayout = "2006-01-02"

// Bounds of the days off: a closure is at most MaxClosureDays long, starts
// within a year, and a provider keeps at most MaxClosures that have not
// ended (every copy of each service carries them).
const (
	MaxClosureDays   = 92
	MaxClosureAhead  = 366
	MaxClosures      = 50
	closureNoteLimit = 100
)

// Messages of the schedule calls.
const (
	MsgQueueRequired   = "open (true or false) is required"
	MsgQueueOpened     = "Your queue is open: customers can book again"
	MsgQueueClosed     = "Your queue is closed: customers cannot book until you open it"
	MsgClosureFrom     = "from must be a date (YYYY-MM-DD)"
	MsgClosureTo       = "to must be a date (YYYY-MM-DD) on or after from"
	MsgClosurePast     = "Days off must start today or later"
	MsgClosureTooLong  = "Days off can span at most 92 days at a time"
	MsgClosureTooFar   = "Days off must start within the next year"
	MsgTooManyClosures = "You already have 50 periods of days off ahead; reopen one first"
	MsgClosureAdded    = "Days off saved"
	MsgClosureRemoved  = "Days reopened"
	MsgClosureNotFound = "Those days off were not found"
)

// ClosureNote bounds the note customers see on a closed day.
var ClosureNote = validate.Field{Name: "Note", Max: closureNoteLimit}

// ScheduleRepository stores schedules. Every write records a "schedule"
// event for each of the provider's services in the same transaction (closed
// days tell their customers: booking-svc's closed-day notices).
type ScheduleRepository interface {
	// Schedules returns the schedules of providerIDs with closures ending
	// on or after today; a provider without one is absent.
	Schedules(ctx context.Context, providerIDs []string, today string) (map[string]Schedule, error)
	SetQueue(ctx context.Context, providerID string, open bool, at time.Time) error
	// AddClosure stores c unless the provider has max closures ending on or
	// after today (ErrTooManyClosures).
	AddClosure(ctx context.Context, providerID string, c Closure, today string, max int, at time.Time) error
	// DeleteClosure removes the provider's closure id; ErrNotFound otherwise.
	DeleteClosure(ctx context.Context, providerID, id string, at time.Time) error
}

// ErrTooManyClosures is the repository's "MaxClosures already ahead".
var ErrTooManyClosures = errors.New("too many closures")

// today is the calendar date of now in the business zone.
func (s *service) today() time.Time {
	y, m, d := s.now().In(s.loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, s.loc)
}

func (s *service) MySchedule(ctx context.Context, c Caller) (Schedule, error) {
	if c.Role != identity.RoleProvider {
		return Schedule{}, apperr.Forbidden(MsgProviderOnly)
	}
	return s.schedule(ctx, c.UserID)
}

func (s *service) schedule(ctx context.Context, providerID string) (Schedule, error) {
	all, err := s.repo.Schedules(ctx, []string{providerID}, s.today().Format(DateLayout))
	if sc, ok := all[providerID]; ok || err != nil {
		return sc, err
	}
	return OpenSchedule(), nil
}

func (s *service) SetQueue(ctx context.Context, c Caller, open *bool) (Schedule, error) {
	if c.Role != identity.RoleProvider {
		return Schedule{}, apperr.Forbidden(MsgProviderOnly)
	}
	if open == nil {
		return Schedule{}, apperr.Invalid(MsgQueueRequired)
	}
	return s.scheduleWrite(ctx, c, func(at time.Time) error {
		return s.repo.SetQueue(ctx, c.UserID, *open, at)
	})
}

func (s *service) AddClosure(ctx context.Context, c Caller, in NewClosure) (Schedule, error) {
	if c.Role != identity.RoleProvider {
		return Schedule{}, apperr.Forbidden(MsgProviderOnly)
	}
	cl, err := s.checkClosure(in)
	if err != nil {
		return Schedule{}, err
	}
	return s.scheduleWrite(ctx, c, func(at time.Time) error {
		err := s.repo.AddClosure(ctx, c.UserID, cl, s.today().Format(DateLayout), MaxClosures, at)
		if errors.Is(err, ErrTooManyClosures) {
			return apperr.Conflict(MsgTooManyClosures)
		}
		return err
	})
}

// checkClosure validates a new closure against today in the business zone.
func (s *service) checkClosure(in NewClosure) (Closure, error) {
	from, err := time.ParseInLocation(DateLayout, strings.TrimSpace(in.From), s.loc)
	if err != nil {
		return Closure{}, apperr.Invalid(MsgClosureFrom)
	}
	to := from
	if t := strings.TrimSpace(in.To); t != "" {
		if to, err = time.ParseInLocation(DateLayout, t, s.loc); err != nil || to.Before(from) {
			return Closure{}, apperr.Invalid(MsgClosureTo)
		}
	}
	note := strings.TrimSpace(in.Note)
	if err := ClosureNote.Check(note); err != nil {
		return Closure{}, err
	}
	today := s.today()
	switch {
	case from.Before(today):
		return Closure{}, apperr.Invalid(MsgClosurePast)
	case from.After(today.AddDate(0, 0, MaxClosureAhead)):
		return Closure{}, apperr.Invalid(MsgClosureTooFar)
	case to.After(from.AddDate(0, 0, MaxClosureDays-1)):
		return Closure{}, apperr.Invalid(MsgClosureTooLong)
	}
	return Closure{ID: s.newID(), From: from.Format(DateLayout), To: to.Format(DateLayout), Note: note}, nil
}

func (s *service) DeleteClosure(ctx context.Context, c Caller, id string) (Schedule, error) {
	if c.Role != identity.RoleProvider {
		return Schedule{}, apperr.Forbidden(MsgProviderOnly)
	}
	return s.scheduleWrite(ctx, c, func(at time.Time) error {
		err := s.repo.DeleteClosure(ctx, c.UserID, id, at)
		if errors.Is(err, ErrNotFound) {
			return apperr.NotFound(MsgClosureNotFound)
		}
		return err
	})
}

// scheduleWrite runs a schedule change and answers with the schedule after
// it. The next booking reads the catalogue's current row, so it honours the
// change at once.
func (s *service) scheduleWrite(ctx context.Context, c Caller, write func(at time.Time) error) (Schedule, error) {
	if err := write(s.now().UTC().Truncate(time.Microsecond)); err != nil {
		return Schedule{}, err
	}
	return s.schedule(ctx, c.UserID)
}

// withSchedules puts each provider's schedule and each service's
// performing members on the services.
func (s *service) withSchedules(ctx context.Context, list []Offering) error {
	if len(list) == 0 {
		return nil
	}
	seen := map[string]bool{}
	var ids []string
	for _, o := range list {
		if !seen[o.ProviderID] {
			seen[o.ProviderID] = true
			ids = append(ids, o.ProviderID)
		}
	}
	all, err := s.repo.Schedules(ctx, ids, s.today().Format(DateLayout))
	if err != nil {
		return err
	}
	sids := make([]string, len(list))
	for i, o := range list {
		sids[i] = o.ID
	}
	staff, err := s.repo.StaffRefs(ctx, sids)
	if err != nil {
		return err
	}
	for i := range list {
		sc, ok := all[list[i].ProviderID]
		if !ok {
			sc = OpenSchedule()
		}
		list[i].QueueOpen, list[i].Closures = sc.QueueOpen, sc.Closures
		list[i].Staff = staff[list[i].ID]
		if list[i].Staff == nil {
			list[i].Staff = []StaffRef{}
		}
	}
	return nil
}
