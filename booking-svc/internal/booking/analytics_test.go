package booking

import (
	"testing"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

func TestAnalyticsWindowIsBusinessDays(t *testing.T) {
	// 2026-11-25 00:10 IST is still 2026-11-24 in UTC: the window ends on
	// the 25th (today in the business zone).
	now := time.Date(2026, 11, 24, 18, 40, 0, 0, time.UTC)
	w, err := NewAnalyticsWindow(7, now, ist)
	if err != nil {
		t.Fatal(err)
	}
	if w.From != "2026-11-19" || w.To != "2026-11-25" || w.Days != 7 {
		t.Fatalf("window %s..%s (%d days)", w.From, w.To, w.Days)
	}
	// 2026-11-19 00:00 IST = 2026-11-18 18:30 UTC; the end is 2026-11-26 00:00 IST.
	if !w.Start.Equal(time.Date(2026, 11, 18, 18, 30, 0, 0, time.UTC)) || !w.End.Equal(time.Date(2026, 11, 25, 18, 30, 0, 0, time.UTC)) {
		t.Fatalf("instants %v..%v", w.Start.UTC(), w.End.UTC())
	}
	if w, _ := NewAnalyticsWindow(0, now, ist); w.Days != 30 || w.From != "2026-10-27" {
		t.Fatalf("default window %d days from %s", w.Days, w.From)
	}
	for _, days := range []int{-7, 1, 5, 31, 365} {
		_, err := NewAnalyticsWindow(days, now, ist)
		if apperr.KindOf(err) != apperr.KindInvalid || err.Error() != MsgAnalyticsDays {
			t.Errorf("days %d: %v", days, err)
		}
	}
}

// hourIn is the bucket hour the store reports for an appointment starting
// at utc: its wall clock in the business zone.
func hourIn(utc time.Time) time.Time {
	w := utc.In(ist) // not Truncate: it cuts absolute time, at :30 in IST
	return time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), 0, 0, 0, time.UTC)
}

func TestShapeAnalyticsHandComputed(t *testing.T) {
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC) // 15:30 IST on the 25th
	w, err := NewAnalyticsWindow(7, now, ist)
	if err != nil {
		t.Fatal(err)
	}
	// 23:45 IST on the 20th is 18:15 UTC on the 20th; 00:15 IST on the
	// 21st is 18:45 UTC on the 20th: same UTC day, two business days.
	lateOn20 := hourIn(time.Date(2026, 11, 20, 18, 15, 0, 0, time.UTC))
	earlyOn21 := hourIn(time.Date(2026, 11, 20, 18, 45, 0, 0, time.UTC))
	// 00:15 IST on the 19th (first day) and 23:45 IST on the 18th (the day
	// before the window: the store cannot return it, and it is left out).
	firstDay := hourIn(time.Date(2026, 11, 18, 18, 45, 0, 0, time.UTC))
	before := hourIn(time.Date(2026, 11, 18, 18, 15, 0, 0, time.UTC))
	at := func(s string) time.Time { v, _ := time.Parse("2006-01-02 15", s); return v }
	buckets := []AnalyticsBucket{
		{Hour: lateOn20, Status: StatusCompleted, Count: 2, Revenue: 500.10 + 300.20, RatingSum: 9, RatingCount: 2},
		{Hour: lateOn20, Status: StatusCancelled, Count: 1, Revenue: 999},
		{Hour: earlyOn21, Status: StatusCompleted, Count: 1, Revenue: 250, RatingSum: 3, RatingCount: 1},
		{Hour: earlyOn21, Status: StatusNoShow, Count: 1, Revenue: 250},
		{Hour: firstDay, Status: StatusPending, Count: 1, Revenue: 100},
		{Hour: before, Status: StatusCompleted, Count: 5, Revenue: 1000, RatingSum: 5, RatingCount: 1},
		{Hour: at("2026-11-25 09"), Status: StatusRejected, Count: 1, Revenue: 100},
		{Hour: at("2026-11-25 09"), Status: StatusScheduled, Count: 1},
		{Hour: at("2026-11-25 09"), Status: StatusInProgress, Count: 1},
		{Hour: at("2026-11-25 09"), Status: StatusConfirmed, Count: 2},
	}
	a := ShapeAnalytics(w, buckets)

	want := AnalyticsCounts{Bookings: 11, Pending: 1, Confirmed: 2, Completed: 3, Cancelled: 1, Rejected: 1, NoShow: 1, Other: 2,
		Revenue: 1050.30}
	if a.Totals != want {
		t.Fatalf("totals %+v, want %+v", a.Totals, want)
	}
	if a.CancellationRate != 1.0/11 || a.RejectionRate != 1.0/11 || a.NoShowRate != 1.0/11 {
		t.Errorf("rates %v %v %v", a.CancellationRate, a.RejectionRate, a.NoShowRate)
	}
	if a.Ratings.Count != 3 || a.Ratings.Average != 4 {
		t.Errorf("ratings %+v, want 3 averaging 4", a.Ratings)
	}
	if len(a.Daily) != 7 || a.Daily[0].Date != "2026-11-19" || a.Daily[6].Date != "2026-11-25" {
		t.Fatalf("daily %v", a.Daily)
	}
	days := map[string]AnalyticsDay{}
	for _, d := range a.Daily {
		days[d.Date] = d
	}
	if d := days["2026-11-20"]; d.Bookings != 3 || d.Completed != 2 || d.Cancelled != 1 || d.Revenue != 800.30 ||
		d.Ratings.Count != 2 || d.Ratings.Average != 4.5 {
		t.Errorf("the 20th (23:45 IST) %+v", d)
	}
	if d := days["2026-11-21"]; d.Bookings != 2 || d.Completed != 1 || d.NoShow != 1 || d.Revenue != 250 ||
		d.Ratings.Count != 1 || d.Ratings.Average != 3 {
		t.Errorf("the 21st (00:15 IST) %+v", d)
	}
	if d := days["2026-11-19"]; d.Bookings != 1 || d.Pending != 1 || d.Revenue != 0 {
		t.Errorf("the first day %+v", d)
	}
	if d := days["2026-11-22"]; d != (AnalyticsDay{Date: "2026-11-22"}) {
		t.Errorf("an empty day %+v", d)
	}
	if d := days["2026-11-25"]; d.Bookings != 5 || d.Other != 2 || d.Confirmed != 2 || d.Rejected != 1 || d.Ratings.Count != 0 {
		t.Errorf("today %+v", d)
	}
	wantHours := [24]int{0: 3, 9: 5, 23: 3} // 00:15 on the 19th and 21st (1 + 2), 23:45 on the 20th
	if a.Hours != wantHours {
		t.Errorf("hours %v, want %v", a.Hours, wantHours)
	}
}

func TestShapeAnalyticsEmpty(t *testing.T) {
	w, _ := NewAnalyticsWindow(90, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), ist)
	a := ShapeAnalytics(w, nil)
	if len(a.Daily) != 90 || a.Daily[0].Date != "2025-12-02" || a.Daily[89].Date != "2026-03-01" {
		t.Fatalf("daily %d from %s to %s", len(a.Daily), a.Daily[0].Date, a.Daily[89].Date)
	}
	if a.CancellationRate != 0 || a.Ratings.Average != 0 || a.Totals != (AnalyticsCounts{}) {
		t.Errorf("empty figures %+v", a)
	}
}
