package catalog

import (
	"strings"
	"testing"
)

func TestCategoriesBothNamingStyles(t *testing.T) {
	cases := []struct{ form, page, key string }{
		{"Healthcare & Wellness", "Healthcare & Wellness", "healthcare"},
		{"Beauty & Personal Care", "Beauty & Personal Care", "beauty"},
		{"Home & Repair Services", "Home Repair", "home-repair"},
		{"Education & Coaching", "Education & Coaching", "education"},
		{"Government / Legal Services", "Government & Legal", "government-legal"},
		{"Automobile Services", "Automobile", "automobile"},
		{"Retail & Local Businesses", "Retail & Local Businesses", "retail"},
		{"Private Events", "Private Events", "private-events"},
		{"Hotel & Restaurant", "Hotels & Restaurants", "hotel-restaurant"},
		{"Others", "Others", "others"},
	}
	if len(cases) != len(Categories) {
		t.Fatalf("%d categories, want 10", len(Categories))
	}
	for _, c := range cases {
		for _, name := range []string{c.form, c.page, c.key, "  " + c.page + " ", strings.ToUpper(c.form), strings.ToLower(c.page)} {
			got, ok := LookupCategory(name)
			if !ok || got.Key != c.key || got.Name != c.form {
				t.Errorf("LookupCategory(%q) = %+v, %v; want %s / %s", name, got, ok, c.key, c.form)
			}
		}
	}
	for _, name := range []string{"home and repair services", "HOTELS AND RESTAURANTS", "automotive", "events", "other"} {
		if _, ok := LookupCategory(name); !ok {
			t.Errorf("LookupCategory(%q) found nothing", name)
		}
	}
	if c := CategoryOf("Pet Grooming"); c.Key != OthersKey {
		t.Errorf("unknown category listed under %s, want others", c.Key)
	}
}
