package booking

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestNextAvailableIsAvailabilitysFirstSlot is the listing's promise as a
// property: for random teams (working hours, days off, members in several
// services of their provider), providers' days off, buffers, minimum
// notices and bookings across services (some from before teams, with no
// member or end), each listed service's next free slot is exactly the
// first available slot of that service's Availability, a service with
// none is left out, and booking the next slot succeeds.
func TestNextAvailableIsAvailabilitysFirstSlot(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(300) {
		rng := rand.New(rand.NewPCG(seed, 50))
		cat, repo, clock := randomMarketplace(rng)
		n := 0
		svc := NewService(repo, cat, memAccounts{}, ist, func() time.Time { return clock }, func() string { n++; return fmt.Sprintf("new-%d", n) }, DefaultIdempotencyTTL)
		// The listing sends each service as the catalogue lists it: no members.
		var listed []ServiceInfo
		for _, s := range cat {
			s.Staff = nil
			listed = append(listed, s)
		}
		next, err := svc.NextAvailable(ctx, listed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		got := map[string]NextSlot{}
		for _, s := range next.Slots {
			got[s.ServiceID] = s
		}
		for _, l := range listed {
			days, err := svc.Availability(ctx, l.ID, "", WindowDays, "")
			if err != nil {
				t.Fatalf("seed %d: %s availability: %v", seed, l.ID, err)
			}
			want, ok := firstOf(days)
			have, listedOne := got[l.ID]
			if ok != listedOne || ok && (have.Date != want.Date || have.Time != want.Time || !have.StartsAt.Equal(want.StartsAt)) {
				t.Fatalf("seed %d: %s lists %+v (%v), its availability's first slot is %+v (%v)", seed, l.ID, have, listedOne, want, ok)
			}
		}
		// Booking one listed next slot succeeds.
		for _, s := range next.Slots {
			b := validBooking()
			b.ServiceID, b.Date, b.Time = s.ServiceID, s.Date, s.Time
			if _, err := svc.Book(ctx, alice, b, ""); err != nil {
				t.Fatalf("seed %d: booking %s's next slot %s %s: %v", seed, s.ServiceID, s.Date, s.Time, err)
			}
			break
		}
	}
}

func firstOf(days []DaySlots) (NextSlot, bool) {
	for _, d := range days {
		for _, s := range d.Slots {
			if s.Available {
				return NextSlot{Date: d.Date, Time: s.Time, StartsAt: s.StartsAt}, true
			}
		}
	}
	return NextSlot{}, false
}

// randomMarketplace is up to three providers with up to four members and
// three services each, and up to 60 appointments, around a random now.
func randomMarketplace(rng *rand.Rand) (memCatalog, *memRepo, time.Time) {
	clock := now.Add(time.Duration(rng.IntN(24*60)) * time.Minute)
	today := midnight(clock)
	date := func(offset int) string { return today.AddDate(0, 0, offset).Format(DateLayout) }
	daysOff := func() []Closure {
		var out []Closure
		for range rng.IntN(3) {
			from := rng.IntN(WindowDays) - 1
			out = append(out, Closure{From: date(from), To: date(from + rng.IntN(3))})
		}
		return out
	}
	cat := memCatalog{}
	repo := newMemRepo()
	for p := range 1 + rng.IntN(3) {
		providerID := fmt.Sprintf("prov-%d", p)
		team := []Member{OwnerOf(providerID, "Business")}
		for m := range rng.IntN(4) {
			team = append(team, Member{ID: fmt.Sprintf("%s-m%d", providerID, m), Name: fmt.Sprintf("M%d", m)})
		}
		for i := range team {
			if i > 0 || rng.IntN(2) == 0 {
				team[i].Hours = nil
				for d := time.Sunday; d <= time.Saturday; d++ {
					if rng.IntN(4) > 0 {
						from := 6*60 + 30*rng.IntN(12)
						team[i].Hours = append(team[i].Hours, WorkingHours{Weekday: d, From: from, To: min(from+30*(2+rng.IntN(20)), 24*60)})
					}
				}
			}
			team[i].Closures = daysOff()
		}
		closed := daysOff()
		var services []ServiceInfo
		for s := range 1 + rng.IntN(3) {
			var slots []string
			for h := 7 * 60; h < 21*60; h += 30 {
				if rng.IntN(3) == 0 {
					slots = append(slots, FormatMinutes(h))
				}
			}
			if len(slots) == 0 {
				slots = []string{"09:00"}
			}
			svc := ServiceInfo{ID: fmt.Sprintf("%s-s%d", providerID, s), ProviderID: providerID, Name: "S", Provider: "Business",
				TimeSlots: slots, IsActive: true, Closures: closed, Duration: []int{15, 30, 45, 60, 90}[rng.IntN(5)],
				Buffer:    time.Duration([]int{0, 0, 15, 30}[rng.IntN(4)]) * time.Minute,
				MinNotice: time.Duration([]int{0, 0, 90, 26 * 60}[rng.IntN(4)]) * time.Minute}
			// Each member performs each service with even odds; someone
			// always does, unless the dice leave a service with nobody.
			svc.Staff = []Member{}
			for _, m := range team {
				if rng.IntN(2) == 0 {
					svc.Staff = append(svc.Staff, m)
				}
			}
			services = append(services, svc)
			cat[svc.ID] = svc
		}
		for a := range rng.IntN(60) {
			s := services[rng.IntN(len(services))]
			slot := SlotsOf(s.TimeSlots)[rng.IntN(len(SlotsOf(s.TimeSlots)))]
			at := At(today.AddDate(0, 0, rng.IntN(WindowDays+2)-1), slot.Minutes)
			appt := Appointment{ID: fmt.Sprintf("%s-a%d", providerID, a), ServiceID: s.ID, ProviderID: providerID,
				Status: []string{StatusPending, StatusScheduled, StatusConfirmed, StatusCancelled}[rng.IntN(4)], StartsAt: at}
			switch member := team[rng.IntN(len(team))]; {
			case rng.IntN(5) == 0: // before teams: the owner's, its end unknown
			default:
				appt.StaffID, appt.EndsAt = member.ID, at.Add(Length(s))
			}
			repo.appts[appt.ID] = appt
		}
	}
	return cat, repo, clock
}
