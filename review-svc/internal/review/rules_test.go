package review

import (
	"strings"
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

func rating(n int32) *int32 { return &n }

func TestReviewInputValidation(t *testing.T) {
	cases := []struct {
		name     string
		in       Input
		kind     apperr.Kind
		msg      string
		wantText string // trimmed comment on success
	}{
		{"valid", Input{"a1", rating(5), "Great service"}, 0, "", "Great service"},
		{"comment trimmed", Input{"a1", rating(1), "  fine!  "}, 0, "", "fine!"},
		{"exactly five runes", Input{"a1", rating(3), "ñandú"}, 0, "", "ñandú"},
		{"missing appointment", Input{"", rating(5), "Great service"}, apperr.KindInvalid, MsgNoAppointmentID, ""},
		{"blank appointment", Input{"  ", rating(5), "Great service"}, apperr.KindInvalid, MsgNoAppointmentID, ""},
		{"appointment checked before rating", Input{"", nil, ""}, apperr.KindInvalid, MsgNoAppointmentID, ""},
		{"missing rating", Input{"a1", nil, "Great service"}, apperr.KindInvalid, MsgSelectRating, ""},
		{"rating 0", Input{"a1", rating(0), "Great service"}, apperr.KindInvalid, MsgSelectRating, ""},
		{"rating 6", Input{"a1", rating(6), "Great service"}, apperr.KindInvalid, MsgSelectRating, ""},
		{"rating negative", Input{"a1", rating(-1), "Great service"}, apperr.KindInvalid, MsgSelectRating, ""},
		{"rating checked before comment", Input{"a1", nil, ""}, apperr.KindInvalid, MsgSelectRating, ""},
		{"empty comment", Input{"a1", rating(4), ""}, apperr.KindInvalid, MsgCommentTooShort, ""},
		{"four chars after trim", Input{"a1", rating(4), "  good   "}, apperr.KindInvalid, MsgCommentTooShort, ""},
		{"2000 characters", Input{"a1", rating(4), strings.Repeat("é", 2000)}, 0, "", strings.Repeat("é", 2000)},
		{"2001 characters", Input{"a1", rating(4), strings.Repeat("é", 2001)}, apperr.KindInvalid, "Comment must be at most 2000 characters", ""},
		{"paragraphs", Input{"a1", rating(4), "Great.\n\nWould book again."}, 0, "", "Great.\n\nWould book again."},
		{"terminal escape", Input{"a1", rating(4), "Great \x1b[31mservice"}, apperr.KindInvalid, "Comment contains characters that are not allowed", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := ValidateInput(c.in)
			if c.msg == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if out.Comment != c.wantText {
					t.Fatalf("comment %q, want %q", out.Comment, c.wantText)
				}
				return
			}
			if apperr.KindOf(err) != c.kind || err.Error() != c.msg {
				t.Fatalf("got %v (kind %d), want %q (kind %d)", err, apperr.KindOf(err), c.msg, c.kind)
			}
		})
	}
}

func TestReviewEligibilityRules(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Hour), now.Add(time.Hour)
	appt := func(status string, start time.Time) Appointment {
		return Appointment{ID: "a1", CustomerID: "cust", Status: status, StartsAt: start}
	}
	cases := []struct {
		name     string
		a        Appointment
		customer string
		kind     apperr.Kind // 0: eligible
		msg      string
	}{
		{"completed", appt("completed", future), "cust", 0, ""},
		{"confirmed, start passed", appt("confirmed", past), "cust", 0, ""},
		{"scheduled, start passed", appt("scheduled", past), "cust", 0, ""},
		{"confirmed, starts right now", appt("confirmed", now), "cust", 0, ""},
		{"not yours", appt("completed", past), "other", apperr.KindForbidden, MsgNotYours},
		{"not yours beats not completed", appt("pending", future), "other", apperr.KindForbidden, MsgNotYours},
		{"confirmed, in the future", appt("confirmed", future), "cust", apperr.KindConflict,
			"Only completed appointments can be reviewed; this appointment is confirmed and has not taken place yet"},
		{"scheduled, in the future", appt("scheduled", future), "cust", apperr.KindConflict,
			"Only completed appointments can be reviewed; this appointment is scheduled and has not taken place yet"},
		{"pending, start passed", appt("pending", past), "cust", apperr.KindConflict, "Only completed appointments can be reviewed; this appointment is pending"},
		{"in-progress", appt("in-progress", past), "cust", apperr.KindConflict, "Only completed appointments can be reviewed; this appointment is in-progress"},
		{"cancelled", appt("cancelled", past), "cust", apperr.KindConflict, "Only completed appointments can be reviewed; this appointment is cancelled"},
		{"rejected", appt("rejected", past), "cust", apperr.KindConflict, "Only completed appointments can be reviewed; this appointment is rejected"},
		{"no-show", appt("no-show", past), "cust", apperr.KindConflict, "Only completed appointments can be reviewed; this appointment is no-show"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckEligible(c.a, c.customer, now)
			if c.kind == 0 {
				if err != nil {
					t.Fatalf("want eligible, got %v", err)
				}
				return
			}
			if apperr.KindOf(err) != c.kind || err.Error() != c.msg {
				t.Fatalf("got %v (kind %d), want %q (kind %d)", err, apperr.KindOf(err), c.msg, c.kind)
			}
		})
	}
}

func TestReviewerDisplayName(t *testing.T) {
	for in, want := range map[string]string{
		"Asha Kulkarni":             "Asha K.",
		"  asha   ravi kulkarni ":   "asha K.",
		"Asha":                      "Asha",
		"Élodie émond":              "Élodie É.",
		"":                          AnonymousReviewer,
		"   ":                       AnonymousReviewer,
		"asha.kulkarni@example.com": AnonymousReviewer,
		"Asha asha@example.com":     AnonymousReviewer,
	} {
		if got := DisplayName(in); got != want {
			t.Errorf("DisplayName(%q) = %q, want %q", in, got, want)
		}
		if strings.Contains(DisplayName(in), "@") {
			t.Errorf("DisplayName(%q) shows an address", in)
		}
	}
}
