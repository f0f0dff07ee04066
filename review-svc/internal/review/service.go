package review

import (
	"context"
	"errors"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// Service is the review domain.
type Service interface {
	// Create stores the caller's review of one of their appointments and
	// queues its event; the checks run in the order the API documents.
	Create(ctx context.Context, c Caller, in Input) (Review, error)
	// ListForService is public: a service's reviews, newest first, each
	// with its reviewer's display name and never their email (Public).
	// One page of them (page.go).
	ListForService(ctx context.Context, serviceID string, r PageRequest) (Page, error)
	// ListForProvider is one page of the reviews of the calling provider's
	// services, newest first, with the summary of all of them.
	ListForProvider(ctx context.Context, c Caller, r PageRequest) (ProviderPage, error)
	// ListMine is a page of the caller's own reviews (any role: a provider
	// has none).
	ListMine(ctx context.Context, c Caller, r PageRequest) (Page, error)
	// PutReply writes or replaces the calling provider's reply to a review
	// of their own service (replies.go).
	PutReply(ctx context.Context, c Caller, reviewID, text string) (Review, error)
	// DeleteReply removes it.
	DeleteReply(ctx context.Context, c Caller, reviewID string) (Review, error)
	// Report records the caller's report of a review (reports.go).
	Report(ctx context.Context, c Caller, in ReportInput) error
	// OpenReports is a page of the operator's queue.
	OpenReports(ctx context.Context, c Caller, r PageRequest) (ReportsPage, error)
	// Decide hides or keeps a reported review (operators only).
	Decide(ctx context.Context, c Caller, reviewID, decision string) (string, error)
	// Testimonials is public: recent 5-star reviews with a comment.
	Testimonials(ctx context.Context) ([]Review, error)
	// Stats is public: the count and average of the ratings not hidden.
	Stats(ctx context.Context) (Stats, error)
}

type service struct {
	repo  Repository
	now   func() time.Time
	newID func() string
}

// NewService returns the review domain. newID makes review and event ids.
func NewService(repo Repository, now func() time.Time, newID func() string) Service {
	return &service{repo: repo, now: now, newID: newID}
}

func (s *service) Create(ctx context.Context, c Caller, in Input) (Review, error) {
	if c.Role != identity.RoleCustomer {
		return Review{}, apperr.Forbidden(MsgCustomersOnly)
	}
	in, err := ValidateInput(in)
	if err != nil {
		return Review{}, err
	}
	a, err := s.repo.Appointment(ctx, in.AppointmentID)
	if errors.Is(err, ErrNotFound) {
		return Review{}, apperr.NotFound(MsgNotFound)
	}
	if err != nil {
		return Review{}, err
	}
	now := s.now().UTC()
	if err := CheckEligible(a, c.UserID, now); err != nil {
		return Review{}, err
	}
	email := c.Email
	if email == "" {
		email = a.CustomerEmail
	}
	r := Review{
		ID: s.newID(), AppointmentID: a.ID, ServiceID: a.ServiceID, ServiceName: a.ServiceName,
		ProviderID: a.ProviderID, CustomerID: c.UserID, CustomerEmail: email, CustomerName: a.CustomerName,
		Rating: *in.Rating, Comment: in.Comment, CreatedAt: now,
	}
	if err := s.repo.Create(ctx, r, s.newID()); err != nil {
		if errors.Is(err, ErrAlreadyReviewed) {
			return Review{}, apperr.Conflict(MsgAlreadyReviewed)
		}
		return Review{}, err
	}
	return r, nil
}

func (s *service) ListForService(ctx context.Context, serviceID string, r PageRequest) (Page, error) {
	after, limit, err := PlanPage(r)
	if err != nil {
		return Page{}, err
	}
	list, err := s.repo.ByService(ctx, serviceID, after, limit+1)
	if err != nil {
		return Page{}, err
	}
	p := BuildPage(list, limit)
	out := make([]Review, len(p.Reviews))
	for i, r := range p.Reviews {
		out[i] = Public(r)
	}
	p.Reviews = out
	return p, nil
}

func (s *service) ListForProvider(ctx context.Context, c Caller, r PageRequest) (ProviderPage, error) {
	if c.Role != identity.RoleProvider {
		return ProviderPage{}, apperr.Forbidden(MsgProvidersOnly)
	}
	after, limit, err := PlanPage(r)
	if err != nil {
		return ProviderPage{}, err
	}
	list, err := s.repo.ByProvider(ctx, c.UserID, after, limit+1)
	if err != nil {
		return ProviderPage{}, err
	}
	sum, err := s.repo.ProviderSummary(ctx, c.UserID)
	if err != nil {
		return ProviderPage{}, err
	}
	return ProviderPage{Page: BuildPage(list, limit), Summary: sum}, nil
}

func (s *service) ListMine(ctx context.Context, c Caller, r PageRequest) (Page, error) {
	after, limit, err := PlanPage(r)
	if err != nil {
		return Page{}, err
	}
	list, err := s.repo.ByCustomer(ctx, c.UserID, after, limit+1)
	if err != nil {
		return Page{}, err
	}
	return BuildPage(list, limit), nil
}
