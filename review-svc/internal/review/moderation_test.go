package review

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/identity"
)

// The rest of memRepo (service_test.go): replies, reports and decisions.

func (m *memRepo) Visible(_ context.Context, id string) (Review, error) {
	for _, r := range m.reviews {
		if r.ID == id && !m.hidden[id] {
			return r, nil
		}
	}
	return Review{}, ErrNotFound
}

func (m *memRepo) BusinessName(context.Context, string) (string, error) { return "Glow Salon", nil }

func (m *memRepo) SetReply(_ context.Context, r Review, announce bool, eventID string) error {
	for i := range m.reviews {
		if m.reviews[i].ID == r.ID {
			m.reviews[i].Reply = r.Reply
		}
	}
	if announce {
		m.events = append(m.events, eventID)
	}
	return nil
}

func (m *memRepo) DeleteReply(_ context.Context, id string) error {
	for i := range m.reviews {
		if m.reviews[i].ID == id {
			m.reviews[i].Reply = nil
		}
	}
	return nil
}

func (m *memRepo) Report(_ context.Context, rep Report) error {
	for _, x := range m.reports {
		if x.ReviewID == rep.ReviewID && x.ReporterID == rep.ReporterID {
			return ErrAlreadyReported
		}
	}
	m.reports = append(m.reports, rep)
	return nil
}

func (m *memRepo) OpenReports(context.Context, int64, int) ([]Reported, error) { return nil, nil }

func (m *memRepo) Decide(_ context.Context, id, decision, _ string, _ time.Time, eventID string) ([]string, error) {
	var who []string
	kept := m.reports[:0]
	for _, x := range m.reports {
		if x.ReviewID == id {
			who = append(who, x.ReporterID)
		} else {
			kept = append(kept, x)
		}
	}
	m.reports = kept
	if len(who) == 0 {
		return nil, ErrNotFound
	}
	if decision == DecisionHide {
		if m.hidden == nil {
			m.hidden = map[string]bool{}
		}
		m.hidden[id] = true
	}
	m.events = append(m.events, eventID)
	return who, nil
}

func (m *memRepo) Testimonials(context.Context, int) ([]Review, error) { return nil, nil }

func (m *memRepo) Stats(context.Context) (Stats, error) { return Stats{}, nil }

func moderationFixture() (*memRepo, Service) {
	repo := &memRepo{reviews: []Review{{ID: "r1", ServiceID: "s1", ServiceName: "Haircut", ProviderID: "p1",
		CustomerID: "c1", CustomerEmail: "c1@example.com", Rating: 2, Comment: "Too slow"}}}
	n := 0
	return repo, NewService(repo, func() time.Time { return time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC) },
		func() string { n++; return "id" + string(rune('0'+n)) })
}

var (
	owner    = identity.Caller{UserID: "p1", Role: identity.RoleProvider}
	other    = identity.Caller{UserID: "p2", Role: identity.RoleProvider}
	author   = identity.Caller{UserID: "c1", Role: identity.RoleCustomer}
	customer = identity.Caller{UserID: "c2", Role: identity.RoleCustomer}
	operator = identity.Caller{UserID: "o1", Role: identity.RoleCustomer, Operator: true}
)

func wantErr(t *testing.T, err error, kind apperr.Kind, msg string) {
	t.Helper()
	if apperr.KindOf(err) != kind || err.Error() != msg {
		t.Fatalf("err = %v (%v), want %v %q", err, apperr.KindOf(err), kind, msg)
	}
}

func TestReplyRules(t *testing.T) {
	ctx := context.Background()
	repo, s := moderationFixture()
	_, err := s.PutReply(ctx, owner, "r1", "   ")
	wantErr(t, err, apperr.KindInvalid, MsgReplyEmpty)
	_, err = s.PutReply(ctx, owner, "r1", strings.Repeat("é", MaxReplyLength+1))
	wantErr(t, err, apperr.KindInvalid, MsgReplyTooLong)
	_, err = s.PutReply(ctx, author, "r1", "Thanks")
	wantErr(t, err, apperr.KindForbidden, MsgProvidersReply)
	_, err = s.PutReply(ctx, other, "r1", "Thanks")
	wantErr(t, err, apperr.KindForbidden, MsgReplyNotYours)
	_, err = s.PutReply(ctx, owner, "nope", "Thanks")
	wantErr(t, err, apperr.KindNotFound, MsgReviewNotFound)

	r, err := s.PutReply(ctx, owner, "r1", strings.Repeat("é", MaxReplyLength))
	if err != nil || r.Reply == nil || r.Reply.BusinessName != "Glow Salon" {
		t.Fatalf("a reply of exactly %d characters: %+v, %v", MaxReplyLength, r.Reply, err)
	}
	if len(repo.events) != 1 {
		t.Fatalf("a new reply tells the author once, events %v", repo.events)
	}
	first := r.Reply.CreatedAt
	if _, err := s.PutReply(ctx, owner, "r1", strings.Repeat("é", MaxReplyLength)); err != nil || len(repo.events) != 1 {
		t.Fatalf("the same reply again tells nobody: %v, events %v", err, repo.events)
	}
	r, err = s.PutReply(ctx, owner, "r1", "  Sorry, we have added a second chair.  ")
	if err != nil || r.Reply.Text != "Sorry, we have added a second chair." || !r.Reply.CreatedAt.Equal(first) || len(repo.events) != 2 {
		t.Fatalf("an edit keeps the first date and tells the author: %+v, %v, events %v", r.Reply, err, repo.events)
	}
	if _, err := s.DeleteReply(ctx, other, "r1"); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("another provider deletes: %v", err)
	}
	if _, err := s.DeleteReply(ctx, owner, "r1"); err != nil || repo.reviews[0].Reply != nil {
		t.Fatalf("delete: %v, %+v", err, repo.reviews[0].Reply)
	}
	_, err = s.DeleteReply(ctx, owner, "r1")
	wantErr(t, err, apperr.KindNotFound, MsgNoReply)
}

func TestReportRules(t *testing.T) {
	ctx := context.Background()
	_, s := moderationFixture()
	in := ReportInput{ReviewID: "r1", Reason: ReasonSpam}
	wantErr(t, s.Report(ctx, customer, ReportInput{ReviewID: "r1", Reason: "boring"}), apperr.KindInvalid, MsgChooseReason)
	wantErr(t, s.Report(ctx, customer, ReportInput{ReviewID: "r1", Reason: ReasonOther, Details: strings.Repeat("x", MaxReportDetails+1)}),
		apperr.KindInvalid, MsgDetailsTooLong)
	wantErr(t, s.Report(ctx, identity.Caller{UserID: "x"}, in), apperr.KindForbidden, MsgSignInToReport)
	wantErr(t, s.Report(ctx, author, in), apperr.KindForbidden, MsgOwnReview)
	wantErr(t, s.Report(ctx, customer, ReportInput{ReviewID: "nope", Reason: ReasonSpam}), apperr.KindNotFound, MsgReviewNotFound)
	if err := s.Report(ctx, customer, ReportInput{ReviewID: "r1", Reason: ReasonOther, Details: strings.Repeat("x", MaxReportDetails)}); err != nil {
		t.Fatal(err)
	}
	wantErr(t, s.Report(ctx, customer, in), apperr.KindConflict, MsgAlreadyReported)
	if err := s.Report(ctx, owner, in); err != nil {
		t.Fatalf("the provider reports a review of their service: %v", err)
	}
}

func TestDecideRules(t *testing.T) {
	ctx := context.Background()
	repo, s := moderationFixture()
	if _, err := s.OpenReports(ctx, customer, PageRequest{}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("a customer lists reports: %v", err)
	}
	_, err := s.Decide(ctx, owner, "r1", DecisionHide)
	wantErr(t, err, apperr.KindForbidden, MsgOperatorsOnly)
	_, err = s.Decide(ctx, operator, "r1", "delete")
	wantErr(t, err, apperr.KindInvalid, MsgBadDecision)
	_, err = s.Decide(ctx, operator, "r1", DecisionHide)
	wantErr(t, err, apperr.KindConflict, MsgNoOpenReports)

	if err := s.Report(ctx, customer, ReportInput{ReviewID: "r1", Reason: ReasonOffensive}); err != nil {
		t.Fatal(err)
	}
	if msg, err := s.Decide(ctx, operator, "r1", DecisionKeep); err != nil || msg != MsgKept {
		t.Fatalf("keep: %q, %v", msg, err)
	}
	if _, err := s.PutReply(ctx, owner, "r1", "Thanks"); err != nil {
		t.Fatalf("a kept review stays: %v", err)
	}
	if err := s.Report(ctx, customer, ReportInput{ReviewID: "r1", Reason: ReasonOffensive}); err != nil {
		t.Fatalf("after a decision the same person may report again: %v", err)
	}
	if msg, err := s.Decide(ctx, operator, "r1", DecisionHide); err != nil || msg != MsgHidden || !repo.hidden["r1"] {
		t.Fatalf("hide: %q, %v", msg, err)
	}
	wantErr(t, s.Report(ctx, owner, ReportInput{ReviewID: "r1", Reason: ReasonSpam}), apperr.KindNotFound, MsgReviewNotFound)
	_, err = s.PutReply(ctx, owner, "r1", "Thanks")
	wantErr(t, err, apperr.KindNotFound, MsgReviewNotFound)
}
