package rest

import "testing"

// The home page shows what composeStats rounds (docs/product.md "Customer home").
func TestComposeStats(t *testing.T) {
	cases := []struct {
		name                                   string
		bookings, completed, ended, businesses int64
		ratings                                int64
		average                                float64
		want                                   Stats
	}{
		{"two of three completed, rating to one decimal", 4, 2, 3, 1, 2, 3.5, Stats{Bookings: 4, Businesses: 1, AverageRating: 3.5, RatingCount: 2, CompletedShare: 67}},
		{"nothing ended yet", 5, 0, 0, 2, 3, 4.666, Stats{Bookings: 5, Businesses: 2, AverageRating: 4.7, RatingCount: 3, CompletedShare: 0}},
		{"all completed", 9, 9, 9, 3, 0, 0, Stats{Bookings: 9, Businesses: 3, CompletedShare: 100}},
	}
	for _, c := range cases {
		if got := composeStats(c.bookings, c.completed, c.ended, c.businesses, c.ratings, c.average); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
