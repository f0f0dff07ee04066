package review

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/validate"
)

// Comment bounds a review's text (docs/product.md#validation sets only its minimum).
var Comment = validate.Field{Name: "Comment", Max: 2000, Multiline: true}

// User-facing messages; the validation ones are the review form's wording (docs/product.md#validation).
const (
	MsgNoAppointmentID   = "No appointment ID provided"
	MsgSelectRating      = "Please select a rating"
	MsgCommentTooShort   = "Please enter a comment (minimum 5 characters)"
	MsgCustomersOnly     = "Only customers can leave reviews"
	MsgProvidersOnly     = "Only service providers can view the reviews of their services"
	MsgNotFound          = "Appointment not found"
	MsgNotYours          = "You can only review your own appointments"
	MsgAlreadyReviewed   = "You have already reviewed this appointment"
	MinCommentLength     = 5
	MinRating, MaxRating = 1, 5
)

// ValidateInput checks the submitted fields in the order the review form
// does and returns the input with its comment trimmed.
func ValidateInput(in Input) (Input, error) {
	in.AppointmentID = strings.TrimSpace(in.AppointmentID)
	if in.AppointmentID == "" {
		return in, apperr.Invalid(MsgNoAppointmentID)
	}
	if in.Rating == nil || *in.Rating < MinRating || *in.Rating > MaxRating {
		return in, apperr.Invalid(MsgSelectRating)
	}
	in.Comment = strings.TrimSpace(in.Comment)
	if utf8.RuneCountInString(in.Comment) < MinCommentLength {
		return in, apperr.Invalid(MsgCommentTooShort)
	}
	return in, Comment.Check(in.Comment)
}

// ShownAsCompleted reports whether the app shows the appointment as
// completed: it is, or it is scheduled/confirmed and its start has passed.
func ShownAsCompleted(status string, startsAt, now time.Time) bool {
	switch status {
	case StatusCompleted:
		return true
	case StatusScheduled, StatusConfirmed:
		return !now.Before(startsAt)
	}
	return false
}

// CheckEligible decides whether customerID may review a at now: only its own
// customer, only once it is (shown as) completed.
func CheckEligible(a Appointment, customerID string, now time.Time) error {
	if a.CustomerID != customerID {
		return apperr.Forbidden(MsgNotYours)
	}
	if ShownAsCompleted(a.Status, a.StartsAt, now) {
		return nil
	}
	if a.Status == StatusScheduled || a.Status == StatusConfirmed {
		return apperr.Conflict(fmt.Sprintf("Only completed appointments can be reviewed; this appointment is %s and has not taken place yet", a.Status))
	}
	return apperr.Conflict(fmt.Sprintf("Only completed appointments can be reviewed; this appointment is %s", a.Status))
}

// AnonymousReviewer is the display name of a reviewer whose booking gave no
// usable name.
const AnonymousReviewer = "Slotwise customer"

// FormerCustomer is the writer of a review whose account was deleted
// (store.EraseStatements keep the review, without name or email).
const FormerCustomer = "A former customer"

// Reviewer is how r's writer is shown.
func Reviewer(r Review) string {
	if r.CustomerName == "" && r.CustomerEmail == "" {
		return FormerCustomer
	}
	return DisplayName(r.CustomerName)
}

// DisplayName is how a reviewer is shown to everyone: the first name and the
// initial of the last ("Asha Kulkarni" is "Asha K.", "Asha" stays "Asha").
// A name that looks like an email address is never shown.
func DisplayName(fullName string) string {
	words := strings.Fields(fullName)
	if len(words) == 0 || strings.Contains(fullName, "@") {
		return AnonymousReviewer
	}
	first := words[0]
	if len(words) == 1 {
		return first
	}
	last, _ := utf8.DecodeRuneInString(words[len(words)-1])
	return first + " " + string(unicode.ToUpper(last)) + "."
}

// Public is a review as anyone may see it: who wrote it only by their
// display name, no email.
func Public(r Review) Review {
	r.CustomerEmail = ""
	return r
}
