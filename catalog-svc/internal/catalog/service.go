// Package catalog is the catalog domain: the services providers publish,
// their categories, the service form's rules, and the rating aggregate fed
// by reviews. It imports no transport and no driver.
package catalog

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/validate"
)

// Offering is the Service of docs/product.md#data. (The name Service is taken by
// the domain interface, as in every go-kit service here.)
type Offering struct {
	ID         string
	ProviderID string // the owning provider's user id
	Name       string
	// Category is the form name of a standard category, or the provider's own
	// text for anything else; CategoryKey is where it is listed (Others for
	// the latter).
	Category    string
	CategoryKey string
	Description string
	Price       float64 // rupees
	Duration    int     // minutes
	Provider    string  // company name
	Location    string  // "address, city"
	Contact     string
	ImageURL    string
	Icon        string
	IsActive    bool
	TimeSlots   []string // 24-hour HH:MM
	// MinNotice is how far ahead a slot must be booked, in minutes (0: up
	// to its start).
	MinNotice int
	// Buffer is the gap kept free between two of its appointments, in
	// minutes (booking-svc refuses a booking that, widened by it, overlaps
	// another).
	Buffer int
	// RatingSum and TotalReviews are the rating aggregate; AvgRating derives
	// from them so redelivered or reordered reviews cannot skew it.
	RatingSum    int64
	TotalReviews int
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// QueueOpen and Closures are the provider's schedule (schedule.go),
	// filled on every answer; the services table does not hold them.
	QueueOpen bool
	Closures  []Closure
	// Staff are the members who perform it (staff.go), owner first, filled
	// on every answer.
	Staff []StaffRef
}

// AvgRating is the mean rating rounded to one decimal (what the stars show);
// 0 without reviews.
func (o Offering) AvgRating() float64 {
	if o.TotalReviews == 0 {
		return 0
	}
	return math.Round(float64(o.RatingSum)/float64(o.TotalReviews)*10) / 10
}

// Input is the service form (POST /services, or a full PATCH). Price and
// Duration are pointers so that a missing value is told from 0.
type Input struct {
	Name, Category, Description string
	Price                       *float64
	Duration                    *int
	Provider, Location, Contact string
	ImageURL, Icon              string
	TimeSlots                   []string
	IsActive                    *bool
	MinNotice                   *int // minutes; nil: 0 for a new service, kept by an update
	Buffer                      *int // minutes, 0 to MaxBuffer; nil as MinNotice
}

// Patch is PATCH /services/{id}: when only IsActive is present it toggles;
// otherwise it is a full update, validated like a new service.
type Patch struct {
	Name, Category, Description *string
	Price                       *float64
	Duration                    *int
	Provider, Location, Contact *string
	ImageURL, Icon              *string
	TimeSlots                   []string
	IsActive                    *bool
	MinNotice                   *int
	Buffer                      *int
}

// IsToggle reports whether p carries only isActive.
func (p Patch) IsToggle() bool {
	return p.IsActive != nil && p.Name == nil && p.Category == nil && p.Description == nil && p.Price == nil &&
		p.Duration == nil && p.Provider == nil && p.Location == nil && p.Contact == nil && p.ImageURL == nil &&
		p.Icon == nil && len(p.TimeSlots) == 0 && p.MinNotice == nil && p.Buffer == nil
}

// Input is p as a full service form (absent fields are empty).
func (p Patch) Input() Input {
	s := func(v *string) string {
		if v == nil {
			return ""
		}
		return *v
	}
	return Input{
		Name: s(p.Name), Category: s(p.Category), Description: s(p.Description), Price: p.Price, Duration: p.Duration,
		Provider: s(p.Provider), Location: s(p.Location), Contact: s(p.Contact), ImageURL: s(p.ImageURL), Icon: s(p.Icon),
		TimeSlots: p.TimeSlots, IsActive: p.IsActive, MinNotice: p.MinNotice, Buffer: p.Buffer,
	}
}

// Caller is who is calling, from a verified token.
type Caller = identity.Caller

// Query is GET /services.
type Query struct {
	Category string // either naming style; "" for all
	Name     string // case-insensitive substring; "" for all
	// Q is a text search over name and description; "" lists newest first.
	Q        string
	Location string   // case-insensitive substring of the location; "" for all
	MaxPrice *float64 // rupees; nil for any
	Limit    int      // 0: DefaultLimit
	Offset   int
}

// Page sizes of GET /services: a page is what a phone shows before "Load
// more" (docs/adr/0013-service-listing-pages.md); callers wanting more ask
// with limit, up to MaxLimit.
const (
	DefaultLimit = 24
	MaxLimit     = 1000
)

// Page is one page of a listing and how many services match in all.
type Page struct {
	Services []Offering
	Total    int
	// TotalCapped: a search matched at least as many as it ranks and
	// counts, so Total is that cap, not every match.
	TotalCapped bool
}

// Filter is a Query resolved for the repository. Only active, undeleted
// services match, newest first (created_at, then id: a stable order).
type Filter struct {
	CategoryKey string // "" for all
	// CategoryText, with CategoryKey Others, narrows Others to services whose
	// category text equals it (any case): a query naming no standard category.
	CategoryText string
	NameContains string
	// Search is the words of Query.Q (letters and digits only), each matched
	// as a word prefix; a listing with Search is ranked best match first.
	Search           []string
	LocationContains string
	MaxPrice         *float64
	Limit            int
	Offset           int
}

// ReviewRating is a review's effect on its service's rating.
type ReviewRating struct {
	EventID   string
	ServiceID string
	Rating    int
	// Removed is set when an operator hid the review: its rating leaves
	// the aggregate.
	Removed bool
}

// Service is the catalog domain.
type Service interface {
	// List is the public listing: active services only.
	List(ctx context.Context, q Query) (Page, error)
	// Get returns a service, active or not (booking decides what inactive
	// means); NotFound once deleted.
	Get(ctx context.Context, id string) (Offering, error)
	// ListOwn is a page of the caller's own services, newest first,
	// inactive ones included (own_page.go).
	ListOwn(ctx context.Context, c Caller, r OwnPageRequest) (OwnPage, error)
	Create(ctx context.Context, c Caller, in Input) (Offering, error)
	Update(ctx context.Context, c Caller, id string, p Patch) (Offering, error)
	Delete(ctx context.Context, c Caller, id string) error
	// ApplyReview adds a review's rating to its service's aggregate (or
	// takes a hidden one's away), once per event id; it reports whether
	// anything changed.
	ApplyReview(ctx context.Context, r ReviewRating) (bool, error)
	// MySchedule, SetQueue, AddClosure and DeleteClosure are the calling
	// provider's schedule (schedule.go).
	MySchedule(ctx context.Context, c Caller) (Schedule, error)
	SetQueue(ctx context.Context, c Caller, open *bool) (Schedule, error)
	AddClosure(ctx context.Context, c Caller, in NewClosure) (Schedule, error)
	DeleteClosure(ctx context.Context, c Caller, id string) (Schedule, error)
	// Staff, AddMember, UpdateMember, RemoveMember, AddMemberClosure and
	// DeleteMemberClosure are the calling provider's team (staff.go).
	Staff(ctx context.Context, c Caller) ([]Member, error)
	AddMember(ctx context.Context, c Caller, in NewMember) (Member, error)
	UpdateMember(ctx context.Context, c Caller, id string, p MemberPatch) (Member, error)
	RemoveMember(ctx context.Context, c Caller, id string) error
	AddMemberClosure(ctx context.Context, c Caller, id string, in NewClosure) (Member, error)
	DeleteMemberClosure(ctx context.Context, c Caller, id, closureID string) (Member, error)
	// ServiceStaff is the members performing a service, with their hours
	// and days off (internal: booking-svc's).
	ServiceStaff(ctx context.Context, serviceID string) ([]Member, error)
	// ServicesStaff is ServiceStaff for a listing page (at most MaxLimit
	// ids): each member performing any of them, once (internal:
	// booking-svc's next free slots).
	ServicesStaff(ctx context.Context, serviceIDs []string) ([]Member, error)
	// MemberProvider is whose team a member is on (internal: booking-svc's
	// member calendar feeds); 404 for no such member or a removed one.
	MemberProvider(ctx context.Context, id string) (string, error)
}

// Repository stores services. Deleted services are invisible to every method.
// Every write records the change's event (catalog.services.v1) in the same
// transaction.
type Repository interface {
	// Create stores o, performed by the provider's owner member (created
	// first when missing, named after o.Provider).
	Create(ctx context.Context, o Offering) error
	// Get returns ErrNotFound for a missing or deleted service.
	Get(ctx context.Context, id string) (Offering, error)
	List(ctx context.Context, f Filter) (Page, error)
	ListByProvider(ctx context.Context, providerID string) ([]Offering, error)
	// PageByProvider reads up to limit of a provider's services after the
	// key (nil: the newest), newest first.
	PageByProvider(ctx context.Context, providerID string, after *OwnKey, limit int) ([]Offering, error)
	// Update stores o's form fields and isActive where o.ID is owned by
	// o.ProviderID; ErrNotFound otherwise.
	Update(ctx context.Context, o Offering) error
	SetActive(ctx context.Context, id, providerID string, active bool, at time.Time) (Offering, error)
	SoftDelete(ctx context.Context, id, providerID string, at time.Time) error
	// AddRating records eventID and, the first time only, adds rating to the
	// service's aggregate (subtracts it when r.Removed), in one transaction. It reports whether a service
	// changed.
	AddRating(ctx context.Context, consumer string, r ReviewRating) (bool, error)
	ScheduleRepository
	StaffRepository
}

// ErrNotFound is the repository's "no such (undeleted) service".
var ErrNotFound = errors.New("service not found")

// ReviewConsumer names the catalog's review consumer in the inbox.
const ReviewConsumer = "catalog-svc/review-ratings"

// Messages of the calls (docs/product.md shows none; these are ours).
const (
	MsgNotFound     = "Service not found"
	MsgProviderOnly = "Only service providers can manage services"
	MsgNotYours     = "You can only manage your own services"
	MsgInvalidPage  = "limit and offset must not be negative"
	MsgInvalidPrice = "maxPrice must be a number of rupees, 0 or more"
)

// service stamps times to the microsecond: what PostgreSQL keeps, so a
// response and a later read agree.
type service struct {
	repo  Repository
	loc   *time.Location // the business time zone: what "today" is
	now   func() time.Time
	newID func() string
}

// NewService returns the catalog domain. Days off are dates in loc.
func NewService(repo Repository, loc *time.Location, now func() time.Time, newID func() string) Service {
	return &service{repo: repo, loc: loc, now: now, newID: newID}
}

func (s *service) List(ctx context.Context, q Query) (Page, error) {
	if q.Limit < 0 || q.Offset < 0 {
		return Page{}, apperr.Invalid(MsgInvalidPage)
	}
	if p := q.MaxPrice; p != nil && (*p < 0 || math.IsNaN(*p) || math.IsInf(*p, 0)) {
		return Page{}, apperr.Invalid(MsgInvalidPrice)
	}
	for _, text := range []struct {
		rule  validate.Field
		value string
	}{{SearchText, q.Name}, {CategoryQuery, q.Category}, {SearchQuery, q.Q}, {LocationQuery, q.Location}} {
		if err := text.rule.Check(strings.TrimSpace(text.value)); err != nil {
			return Page{}, err
		}
	}
	f := Filter{NameContains: strings.TrimSpace(q.Name), Search: SearchWords(q.Q),
		LocationContains: strings.TrimSpace(q.Location), MaxPrice: q.MaxPrice, Limit: min(q.Limit, MaxLimit), Offset: q.Offset}
	if f.Limit == 0 {
		f.Limit = DefaultLimit
	}
	if cat := strings.TrimSpace(q.Category); cat != "" {
		c, known := LookupCategory(cat)
		f.CategoryKey = c.Key
		if !known {
			f.CategoryKey, f.CategoryText = OthersKey, cat
		}
	}
	page, err := s.repo.List(ctx, f)
	if err == nil {
		err = s.withSchedules(ctx, page.Services)
	}
	return page, err
}

func (s *service) Get(ctx context.Context, id string) (Offering, error) {
	o, err := s.repo.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Offering{}, apperr.NotFound(MsgNotFound)
	}
	if err != nil {
		return Offering{}, err
	}
	return s.scheduled(ctx, o)
}

// scheduled is o with its provider's schedule.
func (s *service) scheduled(ctx context.Context, o Offering) (Offering, error) {
	one := []Offering{o}
	err := s.withSchedules(ctx, one)
	return one[0], err
}

func (s *service) ListOwn(ctx context.Context, c Caller, r OwnPageRequest) (OwnPage, error) {
	if c.Role != identity.RoleProvider {
		return OwnPage{}, apperr.Forbidden(MsgProviderOnly)
	}
	after, limit, err := PlanOwnPage(r)
	if err != nil {
		return OwnPage{}, err
	}
	list, err := s.repo.PageByProvider(ctx, c.UserID, after, limit+1)
	if err != nil {
		return OwnPage{}, err
	}
	p := BuildOwnPage(list, limit)
	return p, s.withSchedules(ctx, p.Services)
}

func (s *service) Create(ctx context.Context, c Caller, in Input) (Offering, error) {
	if c.Role != identity.RoleProvider {
		return Offering{}, apperr.Forbidden(MsgProviderOnly)
	}
	if err := Validate(&in); err != nil {
		return Offering{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	o := Offering{ID: s.newID(), ProviderID: c.UserID, IsActive: true, CreatedAt: now}
	apply(&o, in, now)
	if err := s.repo.Create(ctx, o); err != nil {
		return Offering{}, err
	}
	return s.scheduled(ctx, o)
}

func (s *service) Update(ctx context.Context, c Caller, id string, p Patch) (Offering, error) {
	o, err := s.owned(ctx, c, id)
	if err != nil {
		return Offering{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	if p.IsToggle() {
		o, err = s.repo.SetActive(ctx, id, c.UserID, *p.IsActive, now)
	} else {
		in := p.Input()
		if err := Validate(&in); err != nil {
			return Offering{}, err
		}
		apply(&o, in, now)
		err = s.repo.Update(ctx, o)
	}
	if errors.Is(err, ErrNotFound) {
		return Offering{}, apperr.NotFound(MsgNotFound)
	}
	if err != nil {
		return Offering{}, err
	}
	return s.scheduled(ctx, o)
}

func (s *service) Delete(ctx context.Context, c Caller, id string) error {
	if _, err := s.owned(ctx, c, id); err != nil {
		return err
	}
	err := s.repo.SoftDelete(ctx, id, c.UserID, s.now().UTC().Truncate(time.Microsecond))
	if errors.Is(err, ErrNotFound) {
		return apperr.NotFound(MsgNotFound)
	}
	return err
}

// owned loads a service the caller may change: a provider's own. The role
// is checked first, then existence (404), then ownership (403).
func (s *service) owned(ctx context.Context, c Caller, id string) (Offering, error) {
	if c.Role != identity.RoleProvider {
		return Offering{}, apperr.Forbidden(MsgProviderOnly)
	}
	o, err := s.Get(ctx, id)
	if err != nil {
		return Offering{}, err
	}
	if o.ProviderID != c.UserID {
		return Offering{}, apperr.Forbidden(MsgNotYours)
	}
	return o, nil
}

// apply copies a validated form onto o. isActive is kept unless the form
// sets it.
func apply(o *Offering, in Input, now time.Time) {
	cat := CategoryOf(in.Category)
	o.Category, o.CategoryKey = in.Category, cat.Key
	if known, ok := LookupCategory(in.Category); ok {
		o.Category = known.Name // one spelling per standard category
	}
	o.Name, o.Description, o.Price, o.Duration = in.Name, in.Description, *in.Price, *in.Duration
	o.Provider, o.Location, o.Contact, o.ImageURL, o.Icon = in.Provider, in.Location, in.Contact, in.ImageURL, in.Icon
	o.TimeSlots = in.TimeSlots
	if in.MinNotice != nil {
		o.MinNotice = *in.MinNotice
	}
	if in.Buffer != nil {
		o.Buffer = *in.Buffer
	}
	if in.IsActive != nil {
		o.IsActive = *in.IsActive
	}
	o.UpdatedAt = now
}

// Review ratings outside 1..5 or without ids cannot be applied; the consumer
// logs and skips them rather than retrying forever.
func (s *service) ApplyReview(ctx context.Context, r ReviewRating) (bool, error) {
	switch {
	case r.EventID == "" || r.ServiceID == "":
		return false, apperr.Invalid("review event without event id or service id")
	case r.Rating < 1 || r.Rating > 5:
		return false, apperr.Invalidf("review rating %d is outside 1..5", r.Rating)
	}
	return s.repo.AddRating(ctx, ReviewConsumer, r)
}
