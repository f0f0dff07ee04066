package rest

import (
	"math/rand/v2"
	"testing"
	"time"

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

// TestAvailabilityPrintIsProtojson: the availability printer writes the
// very bytes protojson (unpopulated fields, compacted) writes, for the
// bench's window and for random ones: odd strings, fractions of seconds,
// unset timestamps, empty days; and what protojson refuses, it refuses.
func TestAvailabilityPrintIsProtojson(t *testing.T) {
	m := newJSONMarshaler()
	protojsonOf := func(msg *bookingv1.GetAvailabilityResponse) ([]byte, error) {
		b, err := m.JSONPb.Marshal(msg)
		return dropCommaSpaces(b), err
	}
	rng := rand.New(rand.NewPCG(24, 1))
	pieces := []string{"", "9:00 AM", "Asha's \"day\" off", "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "ünïcödé ✓ ₹", "\u2028\u2029", "<b>&amp;</b>", "a\\b/c"}
	text := func() string { return pieces[rng.IntN(len(pieces))] + pieces[rng.IntN(len(pieces))] }
	stamp := func() *timestamppb.Timestamp {
		switch rng.IntN(5) {
		case 0:
			return nil
		case 1:
			return &timestamppb.Timestamp{Seconds: rng.Int64N(4e9), Nanos: int32(rng.IntN(1e9))}
		case 2:
			return &timestamppb.Timestamp{Seconds: rng.Int64N(4e9), Nanos: int32(rng.IntN(1000)) * 1e6}
		case 3:
			return &timestamppb.Timestamp{Seconds: rng.Int64N(4e9), Nanos: int32(rng.IntN(1e6)) * 1e3}
		}
		return &timestamppb.Timestamp{Seconds: -62135596800 + rng.Int64N(3e11)}
	}
	cases := []*bookingv1.GetAvailabilityResponse{availabilityAnswer(), {}, {Days: []*bookingv1.DayAvailability{{}}}}
	for range 500 {
		msg := &bookingv1.GetAvailabilityResponse{Success: rng.IntN(2) == 0, ServiceId: text(), TimeZone: text()}
		for range rng.IntN(4) {
			day := &bookingv1.DayAvailability{Date: text(), Closed: rng.IntN(2) == 0, ClosedNote: text()}
			for range rng.IntN(4) {
				day.Slots = append(day.Slots, &bookingv1.SlotAvailability{Time: text(), Available: rng.IntN(2) == 0, StartsAt: stamp()})
			}
			msg.Days = append(msg.Days, day)
		}
		cases = append(cases, msg)
	}
	for i, msg := range cases {
		want, err := protojsonOf(msg)
		if err != nil {
			t.Fatalf("case %d: protojson: %v", i, err)
		}
		got, err := m.Marshal(msg)
		if err != nil || string(got) != string(want) {
			t.Fatalf("case %d:\n got %s (%v)\nwant %s", i, got, err, want)
		}
	}
	for _, bad := range []*bookingv1.GetAvailabilityResponse{
		{ServiceId: "\xff"},
		{Days: []*bookingv1.DayAvailability{{Slots: []*bookingv1.SlotAvailability{{StartsAt: &timestamppb.Timestamp{Seconds: 1e12}}}}}},
		{Days: []*bookingv1.DayAvailability{{Slots: []*bookingv1.SlotAvailability{{StartsAt: &timestamppb.Timestamp{Nanos: -1}}}}}},
	} {
		if _, err := m.Marshal(bad); err == nil {
			t.Fatalf("%v printed; protojson refuses it", bad)
		}
	}
}

// BenchmarkAvailabilityJSON: printing a window with protojson against
// the printer (appendAvailability).
func BenchmarkAvailabilityJSON(b *testing.B) {
	m := newJSONMarshaler()
	msg := availabilityAnswer()
	b.Run("protojson", func(b *testing.B) {
		for b.Loop() {
			m.JSONPb.Marshal(msg)
		}
	})
	b.Run("printer", func(b *testing.B) {
		for b.Loop() {
			m.Marshal(msg)
		}
	})
}
