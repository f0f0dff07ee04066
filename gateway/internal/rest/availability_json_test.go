package rest

import (
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
)

// availabilityAnswer is a 10-day window of four slots: 914 bytes of
// protobuf, 40 timestamps that protojson prints one by one.
func availabilityAnswer() *bookingv1.GetAvailabilityResponse {
	out := &bookingv1.GetAvailabilityResponse{Success: true, ServiceId: "0b7c3f5e-8d1a-4c6b-9e2f-1a2b3c4d5e6f", TimeZone: "Asia/Kolkata"}
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	for d := range 10 {
		day := &bookingv1.DayAvailability{Date: at.AddDate(0, 0, d).Format("2006-01-02")}
		for s, label := range []string{"09:00", "10:00", "11:00", "14:30"} {
			day.Slots = append(day.Slots, &bookingv1.SlotAvailability{Time: label, Available: s%2 == 0, StartsAt: timestamppb.New(at.AddDate(0, 0, d).Add(time.Duration(s) * time.Hour))})
		}
		out.Days = append(out.Days, day)
	}
	return out
}

// An availability window is remembered by content like a listing: printing
// it was the gateway's largest cost on GET /services/{id}/availability.
func TestMarshalRemembersAvailability(t *testing.T) {
	m := newJSONMarshaler()
	msg := availabilityAnswer()
	if proto.Size(msg) < memoMinSize {
		t.Fatalf("a window of %d bytes is under memoMinSize", proto.Size(msg))
	}
	first, _ := m.Marshal(msg)
	again, _ := m.Marshal(availabilityAnswer())
	if &first[0] != &again[0] {
		t.Fatal("the same window was printed again")
	}
}

// BenchmarkAvailabilityJSON: printing a window against answering it from
// the memo (a deterministic marshal, a digest, a lookup).
func BenchmarkAvailabilityJSON(b *testing.B) {
	m := newJSONMarshaler()
	msg := availabilityAnswer()
	b.Run("protojson", func(b *testing.B) {
		for b.Loop() {
			m.JSONPb.Marshal(msg)
		}
	})
	b.Run("memo", func(b *testing.B) {
		for b.Loop() {
			m.Marshal(msg)
		}
	})
}
