package catalog

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/validate"
)

// Member is one person of a provider's team (docs/product.md#team-members):
// who performs which services, on which hours, and their own days off.
type Member struct {
	ID         string
	ProviderID string
	Name       string
	Email      string
	IsOwner    bool
	ServiceIDs []string
	Hours      []WorkingHours
	// Closures are the member's days off that have not ended, earliest first.
	Closures []Closure
}

// WorkingHours is one weekday of a member's week, From to To (HH:MM, To may
// be 24:00) in the business time zone.
type WorkingHours struct {
	Weekday  int // 0 Sunday … 6 Saturday
	From, To string
}

// StaffRef is a member as customers see them on a service.
type StaffRef struct {
	ID, Name string
}

// NewMember is POST /providers/me/staff.
type NewMember struct {
	Name, Email string
	ServiceIDs  []string
	Hours       []WorkingHours
}

// MemberPatch is PATCH /providers/me/staff/{id}: nil or empty leaves a
// field as it is; non-empty lists replace the member's.
type MemberPatch struct {
	Name, Email *string
	ServiceIDs  []string
	Hours       []WorkingHours
}

// MaxStaff bounds a team; MaxStaffName a member's name.
const (
	MaxStaff     = 50
	MaxStaffName = 80
)

// Messages of the team calls.
const (
	MsgStaffName        = "Please enter the team member's name (1 to 80 characters)"
	MsgStaffEmail       = "Please enter a valid email address for the team member"
	MsgStaffService     = "Choose services from your own list: one of them is not yours or no longer exists"
	MsgStaffWeekday     = "Working hours need a weekday from 0 (Sunday) to 6 (Saturday)"
	MsgStaffHoursFormat = "Working hours must be 24-hour times such as 09:00 (to may be 24:00)"
	MsgStaffHoursOrder  = "Working hours must end after they start"
	MsgStaffHoursTwice  = "Give each weekday at most one set of working hours"
	MsgTooManyStaff     = "You already have 50 team members: remove one first"
	MsgOwnerStays       = "The owner cannot be removed"
	MsgStaffNotFound    = "Team member not found"
	MsgStaffAdded       = "Team member added"
	MsgStaffUpdated     = "Team member updated"
	MsgStaffRemoved     = "Team member removed"
	// MsgTooManyServiceIDs refuses asking for the members of more services
	// than a listing page holds.
	MsgTooManyServiceIDs = "at most 1000 services per call"
)

// ErrTooManyStaff is the repository's "MaxStaff already".
var ErrTooManyStaff = errors.New("too many staff")

// StaffRepository stores teams. A provider's owner is created by the first
// write that needs it (EnsureOwner inside the write's transaction).
type StaffRepository interface {
	// Staff is the provider's members not removed, owner first then by
	// name, with closures ending on or after today.
	Staff(ctx context.Context, providerID, today string) ([]Member, error)
	// ServiceStaff is Staff narrowed to the members performing serviceID.
	ServiceStaff(ctx context.Context, serviceID, today string) ([]Member, error)
	// ServicesStaff is ServiceStaff for many services in one query: each
	// member performing any of them, once.
	ServicesStaff(ctx context.Context, serviceIDs []string, today string) ([]Member, error)
	// MemberProvider is whose team member id is on; ErrNotFound for none
	// or a removed one.
	MemberProvider(ctx context.Context, id string) (string, error)
	// StaffRefs are the performing members of each service, owner first.
	StaffRefs(ctx context.Context, serviceIDs []string) (map[string][]StaffRef, error)
	// CreateMember stores m (creating the owner first when missing, named
	// owner) unless the team has max members (ErrTooManyStaff). Every
	// service id must be the provider's and not deleted (ErrUnknownService).
	CreateMember(ctx context.Context, m Member, owner Member, max int, at time.Time) error
	// UpdateMember stores m's fields; ErrNotFound unless it is the
	// provider's and not removed; ErrUnknownService as CreateMember;
	// *LastPerformerError when a service m stops performing has nobody
	// else.
	UpdateMember(ctx context.Context, m Member, at time.Time) error
	// RemoveMember removes a member (ErrNotFound; ErrOwner for the owner;
	// *LastPerformerError when a service has nobody else).
	RemoveMember(ctx context.Context, providerID, id string, at time.Time) error
	// AddMemberClosure and DeleteMemberClosure change a member's days off,
	// with a "schedule" event for each service the member performs.
	AddMemberClosure(ctx context.Context, providerID, memberID string, c Closure, today string, max int, at time.Time) error
	DeleteMemberClosure(ctx context.Context, providerID, memberID, closureID string, at time.Time) error
}

// Errors of the staff repository.
var (
	ErrUnknownService = errors.New("unknown service")
	ErrOwner          = errors.New("the owner")
)

// OwnerID is the deterministic id of a provider's owner member:
// md5('owner:' || provider_id)::uuid, as the migrations write it.
func OwnerID(providerID string) string { return identity.OwnerMemberID(providerID) }

// OwnerHours is the owner's week until edited: every day, all day.
func OwnerHours() []WorkingHours {
	out := make([]WorkingHours, 7)
	for d := range out {
		out[d] = WorkingHours{Weekday: d, From: "00:00", To: "24:00"}
	}
	return out
}

// Owner is the provider's owner member as first created, named after the
// business.
func Owner(providerID, business string) Member {
	name := strings.TrimSpace(business)
	if name == "" {
		name = "Owner"
	}
	if len([]rune(name)) > MaxStaffName {
		name = string([]rune(name)[:MaxStaffName])
	}
	return Member{ID: OwnerID(providerID), ProviderID: providerID, Name: name, IsOwner: true, Hours: OwnerHours(), ServiceIDs: []string{}}
}

var staffName = validate.Field{Name: "Name", Max: MaxStaffName}

// CheckHours validates a week of working hours and returns it sorted by
// weekday.
func CheckHours(hours []WorkingHours) ([]WorkingHours, error) {
	seen := map[int]bool{}
	out := make([]WorkingHours, 0, len(hours))
	for _, h := range hours {
		if h.Weekday < 0 || h.Weekday > 6 {
			return nil, apperr.Invalid(MsgStaffWeekday)
		}
		from, ok1 := ClockMinutes(h.From)
		to, ok2 := ClockMinutes(h.To)
		if !ok1 || !ok2 || from == 24*60 {
			return nil, apperr.Invalid(MsgStaffHoursFormat)
		}
		if from >= to {
			return nil, apperr.Invalid(MsgStaffHoursOrder)
		}
		if seen[h.Weekday] {
			return nil, apperr.Invalid(MsgStaffHoursTwice)
		}
		seen[h.Weekday] = true
		out = append(out, WorkingHours{Weekday: h.Weekday, From: strings.TrimSpace(h.From), To: strings.TrimSpace(h.To)})
	}
	slices.SortFunc(out, func(a, b WorkingHours) int { return a.Weekday - b.Weekday })
	return out, nil
}

// ClockMinutes reads a 24-hour "HH:MM" (00:00 to 24:00) as minutes after
// midnight.
func ClockMinutes(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	var h, m int
	for _, c := range s[:2] + s[3:] {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	h = int(s[0]-'0')*10 + int(s[1]-'0')
	m = int(s[3]-'0')*10 + int(s[4]-'0')
	if m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

func checkStaffName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || staffName.Check(name) != nil {
		return "", apperr.Invalid(MsgStaffName)
	}
	return name, nil
}

func checkStaffEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return "", nil
	}
	if !validate.Email(email) {
		return "", apperr.Invalid(MsgStaffEmail)
	}
	return email, nil
}

func dedupe(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func (s *service) Staff(ctx context.Context, c Caller) ([]Member, error) {
	if c.Role != identity.RoleProvider {
		return nil, apperr.Forbidden(MsgProviderOnly)
	}
	return s.repo.Staff(ctx, c.UserID, s.today().Format(DateLayout))
}

func (s *service) ServiceStaff(ctx context.Context, serviceID string) ([]Member, error) {
	return s.repo.ServiceStaff(ctx, serviceID, s.today().Format(DateLayout))
}

func (s *service) ServicesStaff(ctx context.Context, serviceIDs []string) ([]Member, error) {
	if len(serviceIDs) > MaxLimit {
		return nil, apperr.Invalid(MsgTooManyServiceIDs)
	}
	if len(serviceIDs) == 0 {
		return []Member{}, nil
	}
	return s.repo.ServicesStaff(ctx, serviceIDs, s.today().Format(DateLayout))
}

func (s *service) MemberProvider(ctx context.Context, id string) (string, error) {
	p, err := s.repo.MemberProvider(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return "", apperr.NotFound(MsgStaffNotFound)
	}
	return p, err
}

func (s *service) AddMember(ctx context.Context, c Caller, in NewMember) (Member, error) {
	if c.Role != identity.RoleProvider {
		return Member{}, apperr.Forbidden(MsgProviderOnly)
	}
	name, err := checkStaffName(in.Name)
	if err != nil {
		return Member{}, err
	}
	email, err := checkStaffEmail(in.Email)
	if err != nil {
		return Member{}, err
	}
	hours, err := CheckHours(in.Hours)
	if err != nil {
		return Member{}, err
	}
	m := Member{ID: s.newID(), ProviderID: c.UserID, Name: name, Email: email, ServiceIDs: dedupe(in.ServiceIDs), Hours: hours}
	owner := Owner(c.UserID, s.businessName(ctx, c.UserID))
	err = s.repo.CreateMember(ctx, m, owner, MaxStaff, s.stamp())
	if err != nil {
		return Member{}, staffError(err)
	}
	return s.member(ctx, c.UserID, m.ID)
}

// businessName is the provider's company name as their newest service
// shows it ("" without services).
func (s *service) businessName(ctx context.Context, providerID string) string {
	list, err := s.repo.ListByProvider(ctx, providerID)
	if err != nil || len(list) == 0 {
		return ""
	}
	return list[0].Provider
}

func (s *service) UpdateMember(ctx context.Context, c Caller, id string, p MemberPatch) (Member, error) {
	if c.Role != identity.RoleProvider {
		return Member{}, apperr.Forbidden(MsgProviderOnly)
	}
	m, err := s.member(ctx, c.UserID, id)
	if err != nil {
		return Member{}, err
	}
	if p.Name != nil {
		if m.Name, err = checkStaffName(*p.Name); err != nil {
			return Member{}, err
		}
	}
	if p.Email != nil {
		if m.Email, err = checkStaffEmail(*p.Email); err != nil {
			return Member{}, err
		}
	}
	if len(p.ServiceIDs) > 0 {
		m.ServiceIDs = dedupe(p.ServiceIDs)
	}
	if len(p.Hours) > 0 {
		if m.Hours, err = CheckHours(p.Hours); err != nil {
			return Member{}, err
		}
	}
	if err := s.repo.UpdateMember(ctx, m, s.stamp()); err != nil {
		return Member{}, staffError(err)
	}
	return s.member(ctx, c.UserID, id)
}

func (s *service) RemoveMember(ctx context.Context, c Caller, id string) error {
	if c.Role != identity.RoleProvider {
		return apperr.Forbidden(MsgProviderOnly)
	}
	return staffError(s.repo.RemoveMember(ctx, c.UserID, id, s.stamp()))
}

func (s *service) AddMemberClosure(ctx context.Context, c Caller, id string, in NewClosure) (Member, error) {
	if c.Role != identity.RoleProvider {
		return Member{}, apperr.Forbidden(MsgProviderOnly)
	}
	if _, err := s.member(ctx, c.UserID, id); err != nil {
		return Member{}, err
	}
	cl, err := s.checkClosure(in)
	if err != nil {
		return Member{}, err
	}
	err = s.repo.AddMemberClosure(ctx, c.UserID, id, cl, s.today().Format(DateLayout), MaxClosures, s.stamp())
	if errors.Is(err, ErrTooManyClosures) {
		return Member{}, apperr.Conflict(MsgTooManyClosures)
	}
	if err != nil {
		return Member{}, staffError(err)
	}
	return s.member(ctx, c.UserID, id)
}

func (s *service) DeleteMemberClosure(ctx context.Context, c Caller, id, closureID string) (Member, error) {
	if c.Role != identity.RoleProvider {
		return Member{}, apperr.Forbidden(MsgProviderOnly)
	}
	if _, err := s.member(ctx, c.UserID, id); err != nil {
		return Member{}, err
	}
	err := s.repo.DeleteMemberClosure(ctx, c.UserID, id, closureID, s.stamp())
	if errors.Is(err, ErrNotFound) {
		return Member{}, apperr.NotFound(MsgClosureNotFound)
	}
	if err != nil {
		return Member{}, err
	}
	return s.member(ctx, c.UserID, id)
}

// member is the provider's member id, not removed; 404 otherwise.
func (s *service) member(ctx context.Context, providerID, id string) (Member, error) {
	team, err := s.repo.Staff(ctx, providerID, s.today().Format(DateLayout))
	if err != nil {
		return Member{}, err
	}
	for _, m := range team {
		if m.ID == id {
			return m, nil
		}
	}
	return Member{}, apperr.NotFound(MsgStaffNotFound)
}

func (s *service) stamp() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// staffError maps the repository's errors to the user's.
func staffError(err error) error {
	if msg, ok := lastPerformer(err); ok {
		return apperr.Conflict(msg)
	}
	switch {
	case errors.Is(err, ErrNotFound):
		return apperr.NotFound(MsgStaffNotFound)
	case errors.Is(err, ErrOwner):
		return apperr.Conflict(MsgOwnerStays)
	case errors.Is(err, ErrTooManyStaff):
		return apperr.Conflict(MsgTooManyStaff)
	case errors.Is(err, ErrUnknownService):
		return apperr.Invalid(MsgStaffService)
	}
	return err
}
