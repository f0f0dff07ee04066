package review

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzValidateInput: an accepted review has an appointment id, a rating of
// 1 to 5 and a comment of 5 to 2000 characters of text (`make fuzz`).
func FuzzValidateInput(f *testing.F) {
	f.Add("a1", int32(5), "Great service")
	f.Add("", int32(0), "")
	f.Add(" x ", int32(6), "  good \x00 ")
	f.Add("a", int32(-1), "\xff\xfe\xfd\xfc\xfb")
	f.Fuzz(func(t *testing.T, appt string, rating int32, comment string) {
		out, err := ValidateInput(Input{AppointmentID: appt, Rating: &rating, Comment: comment})
		if err != nil {
			return
		}
		n := utf8.RuneCountInString(out.Comment)
		if out.AppointmentID == "" || rating < MinRating || rating > MaxRating || n < MinCommentLength || n > Comment.Max ||
			!utf8.ValidString(out.Comment) || strings.ContainsRune(out.Comment, 0) || out.Comment != strings.TrimSpace(out.Comment) {
			t.Fatalf("accepted %+v (comment of %d characters)", out, n)
		}
	})
}
