package booking

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// readRepo answers BusyMany with what it read once.
type readRepo struct {
	*memRepo
	busy map[string][]Busy
}

func (r readRepo) BusyMany(context.Context, map[string][]string, time.Time, time.Time) (map[string][]Busy, error) {
	return r.busy, nil
}

// BenchmarkNextAvailablePage is the domain's cost of a listing page's
// next free slots (one catalogue call and one busy read, both in memory
// here, the busy times read once): pages of 24 and 1000 services, 20 services per provider, teams of
// 5 working 09:00–17:00, each member booked in half of their slots.
func BenchmarkNextAvailablePage(b *testing.B) {
	for _, size := range []int{24, 1000} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			cat, repo := memCatalog{}, newMemRepo()
			var listed []ServiceInfo
			slots := []string{"09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"}
			for i := range size {
				providerID := fmt.Sprintf("prov-%d", i/20)
				var team []Member
				for m := range 5 {
					member := Member{ID: fmt.Sprintf("%s-m%d", providerID, m), Name: "M"}
					for d := time.Sunday; d <= time.Saturday; d++ {
						member.Hours = append(member.Hours, WorkingHours{Weekday: d, From: 9 * 60, To: 17 * 60})
					}
					team = append(team, member)
				}
				svc := ServiceInfo{ID: fmt.Sprintf("s%d", i), ProviderID: providerID, TimeSlots: slots, IsActive: true, Duration: 60, Staff: team}
				cat[svc.ID] = svc
				svc.Staff = nil
				listed = append(listed, svc)
				if i%20 == 0 {
					for d := range WindowDays {
						for k, sl := range slots {
							if k%2 == 0 {
								continue
							}
							for m := range 5 {
								at := mustAt(b, midnight(now).AddDate(0, 0, d).Format(DateLayout), sl)
								id := fmt.Sprintf("%s-%d-%d-%d", providerID, d, k, m)
								repo.appts[id] = Appointment{ID: id, ServiceID: svc.ID, ProviderID: providerID, StaffID: team[m].ID,
									Status: StatusScheduled, StartsAt: at, EndsAt: at.Add(time.Hour)}
							}
						}
					}
				}
			}
			// The in-memory store's scan is not the database's: read the
			// page's busy times once, and time the domain's work.
			ids := map[string][]string{}
			for _, s := range cat {
				for _, m := range s.Staff {
					ids[s.ProviderID] = append(ids[s.ProviderID], m.ID)
				}
			}
			busy, _ := repo.BusyMany(context.Background(), ids, midnight(now).AddDate(0, 0, -2), midnight(now).AddDate(0, 0, WindowDays+2))
			svc := NewService(readRepo{repo, busy}, cat, memAccounts{}, ist, func() time.Time { return now }, func() string { return "x" }, DefaultIdempotencyTTL)
			b.ResetTimer()
			for b.Loop() {
				if _, err := svc.NextAvailable(context.Background(), listed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
