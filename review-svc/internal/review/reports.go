package review

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/paging"
	"github.com/slotwise/slotwise/platform/validate"
)

// Reasons a review may be reported for (the report form's choices).
const (
	ReasonSpam      = "spam"
	ReasonOffensive = "offensive"
	ReasonFalse     = "false"
	ReasonUnrelated = "unrelated"
	ReasonOther     = "other"
)

// Reasons lists them in the form's order.
var Reasons = []string{ReasonSpam, ReasonOffensive, ReasonFalse, ReasonUnrelated, ReasonOther}

// Decisions an operator takes on a reported review.
const (
	DecisionHide = "hide"
	DecisionKeep = "keep"
)

// MaxReportDetails bounds a report's optional text, in characters.
const MaxReportDetails = 300

// Report messages (docs/product.md "Replies and reports").
const (
	MsgChooseReason      = "Please choose a reason"
	MsgDetailsTooLong    = "Please keep the details to 300 characters"
	MsgDetailsNotAllowed = "The details cannot contain control characters"
	MsgSignInToReport    = "Only customers and service providers can report reviews"
	MsgOwnReview         = "You cannot report your own review"
	MsgAlreadyReported   = "You have already reported this review; an operator will look at it soon"
	MsgReported          = "Thank you. An operator will look at this review."
	MsgOperatorsOnly     = "Only operators can see and decide reported reviews"
	MsgBadDecision       = "Decision must be hide or keep"
	MsgNoOpenReports     = "This review has no open reports"
	MsgHidden            = "The review is hidden"
	MsgKept              = "The review stays up"
)

var detailsField = validate.Field{Name: "Details", Max: MaxReportDetails, Multiline: true}

// ReportInput is a report as the reporter sends it.
type ReportInput struct {
	ReviewID string
	Reason   string
	Details  string
}

// Report is a stored report.
type Report struct {
	ID           string
	ReviewID     string
	ReporterID   string
	ReporterRole string
	Reason       string
	Details      string
	CreatedAt    time.Time
}

// Reported is a review with its open reports, for the operator.
type Reported struct {
	Review  Review
	Reports []Report
	// FirstSeq places the review in the queue (its first open report's
	// seq): a page's last is the next page's key.
	FirstSeq int64
}

// ReportsPage is one page of the operator's queue; Next reads the rest
// ("" when there is none).
type ReportsPage struct {
	Reported []Reported
	Next     string
}

// planReportsPage checks r: the queue place to read after (0: the start)
// and the limit, as PlanPage does for reviews.
func planReportsPage(r PageRequest) (int64, int, error) {
	limit, err := paging.Limit(r.Limit, DefaultPageSize, MaxPageSize)
	if err != nil || r.Cursor == "" {
		return 0, limit, err
	}
	parts, err := paging.Decode(r.Cursor, 2)
	if err != nil {
		return 0, 0, err
	}
	seq, perr := strconv.ParseInt(parts[1], 10, 64)
	if parts[0] != "q" || perr != nil || seq < 0 {
		return 0, 0, paging.Invalid()
	}
	return seq, limit, nil
}

// Reporters is how many people's open reports there are.
func (r Reported) Reporters() int {
	seen := map[string]bool{}
	for _, rep := range r.Reports {
		seen[rep.ReporterID] = true
	}
	return len(seen)
}

// ValidateReport checks a report's fields in the form's order and returns
// it trimmed.
func ValidateReport(in ReportInput) (ReportInput, error) {
	in.ReviewID = strings.TrimSpace(in.ReviewID)
	in.Reason = strings.TrimSpace(in.Reason)
	in.Details = strings.TrimSpace(in.Details)
	switch {
	case !slices.Contains(Reasons, in.Reason):
		return in, apperr.Invalid(MsgChooseReason)
	case utf8.RuneCountInString(in.Details) > MaxReportDetails:
		return in, apperr.Invalid(MsgDetailsTooLong)
	case !detailsField.Printable(in.Details):
		return in, apperr.Invalid(MsgDetailsNotAllowed)
	}
	return in, nil
}

// ValidateDecision checks an operator's decision.
func ValidateDecision(d string) (string, error) {
	d = strings.TrimSpace(d)
	if d != DecisionHide && d != DecisionKeep {
		return d, apperr.Invalid(MsgBadDecision)
	}
	return d, nil
}

func (s *service) Report(ctx context.Context, c Caller, in ReportInput) error {
	if c.Role != identity.RoleCustomer && c.Role != identity.RoleProvider {
		return apperr.Forbidden(MsgSignInToReport)
	}
	in, err := ValidateReport(in)
	if err != nil {
		return err
	}
	r, err := s.repo.Visible(ctx, in.ReviewID)
	if errors.Is(err, ErrNotFound) {
		return apperr.NotFound(MsgReviewNotFound)
	}
	if err != nil {
		return err
	}
	if r.CustomerID == c.UserID {
		return apperr.Forbidden(MsgOwnReview)
	}
	err = s.repo.Report(ctx, Report{ID: s.newID(), ReviewID: r.ID, ReporterID: c.UserID, ReporterRole: c.Role,
		Reason: in.Reason, Details: in.Details, CreatedAt: s.now().UTC()})
	if errors.Is(err, ErrAlreadyReported) {
		return apperr.Conflict(MsgAlreadyReported)
	}
	return err
}

func (s *service) OpenReports(ctx context.Context, c Caller, r PageRequest) (ReportsPage, error) {
	if !c.Operator {
		return ReportsPage{}, apperr.Forbidden(MsgOperatorsOnly)
	}
	after, limit, err := planReportsPage(r)
	if err != nil {
		return ReportsPage{}, err
	}
	list, err := s.repo.OpenReports(ctx, after, limit+1)
	if err != nil || len(list) <= limit {
		return ReportsPage{Reported: list}, err
	}
	list = list[:limit]
	next := paging.Encode("q", strconv.FormatInt(list[limit-1].FirstSeq, 10))
	return ReportsPage{Reported: list, Next: next}, nil
}

func (s *service) Decide(ctx context.Context, c Caller, reviewID, decision string) (string, error) {
	if !c.Operator {
		return "", apperr.Forbidden(MsgOperatorsOnly)
	}
	decision, err := ValidateDecision(decision)
	if err != nil {
		return "", err
	}
	_, err = s.repo.Decide(ctx, strings.TrimSpace(reviewID), decision, c.UserID, s.now().UTC(), s.newID())
	if errors.Is(err, ErrNotFound) {
		return "", apperr.Conflict(MsgNoOpenReports)
	}
	if err != nil {
		return "", err
	}
	if decision == DecisionHide {
		return MsgHidden, nil
	}
	return MsgKept, nil
}

// TestimonialCount is how many testimonials the home page asks for; it
// shows none when fewer than MinTestimonials exist (the web app decides).
const (
	TestimonialCount = 6
	MinTestimonials  = 3
)

func (s *service) Testimonials(ctx context.Context) ([]Review, error) {
	list, err := s.repo.Testimonials(ctx, TestimonialCount)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i] = Public(list[i])
	}
	return list, nil
}

func (s *service) Stats(ctx context.Context) (Stats, error) { return s.repo.Stats(ctx) }
