package rest

import (
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// TestHasUpcoming: only a pending, scheduled or confirmed booking not yet
// started holds a provider's deletion back.
func TestHasUpcoming(t *testing.T) {
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	at := func(status string, d time.Duration) *bookingv1.Appointment {
		return &bookingv1.Appointment{Status: status, StartsAt: timestamppb.New(now.Add(d))}
	}
	for _, s := range []string{"pending", "scheduled", "confirmed"} {
		if !hasUpcoming([]*bookingv1.Appointment{at("completed", -time.Hour), at(s, time.Minute)}, now) {
			t.Errorf("%s in a minute is upcoming", s)
		}
		if hasUpcoming([]*bookingv1.Appointment{at(s, -time.Minute)}, now) {
			t.Errorf("%s started a minute ago is not upcoming", s)
		}
	}
	for _, s := range []string{"cancelled", "rejected", "completed", "no-show", "in-progress"} {
		if hasUpcoming([]*bookingv1.Appointment{at(s, time.Hour)}, now) {
			t.Errorf("%s is not upcoming", s)
		}
	}
	if hasUpcoming(nil, now) {
		t.Error("no appointments: nothing upcoming")
	}
}
