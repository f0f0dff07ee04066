package catalog

import "strings"

// Category is one of the ten categories of docs/product.md#constants: nine standard ones plus
// Others.
type Category struct {
	// Key is the canonical, stable identifier (the category page's route
	// segment): what the database indexes and filters on.
	Key string
	// Name is the service form's name: what a service shows as its category.
	Name string
	// PageName is the name the category page queries with (?category=).
	PageName string
	// aliases are other spellings the product uses for the same category:
	// the provider registration options and the calendar's colour names.
	aliases []string
}

// OthersKey is the category of every service outside the nine standard ones.
const OthersKey = "others"

// Categories are the ten, in the order the service form lists them.
var Categories = []Category{
	{Key: "healthcare", Name: "Healthcare & Wellness", PageName: "Healthcare & Wellness", aliases: []string{"healthcare", "health"}},
	{Key: "beauty", Name: "Beauty & Personal Care", PageName: "Beauty & Personal Care", aliases: []string{"beauty"}},
	{Key: "home-repair", Name: "Home & Repair Services", PageName: "Home Repair", aliases: []string{"home-repair"}},
	{Key: "education", Name: "Education & Coaching", PageName: "Education & Coaching", aliases: []string{"education"}},
	{Key: "government-legal", Name: "Government / Legal Services", PageName: "Government & Legal", aliases: []string{"government-legal", "government", "legal"}},
	{Key: "automobile", Name: "Automobile Services", PageName: "Automobile", aliases: []string{"automotive"}},
	{Key: "retail", Name: "Retail & Local Businesses", PageName: "Retail & Local Businesses", aliases: []string{"retail"}},
	{Key: "private-events", Name: "Private Events", PageName: "Private Events", aliases: []string{"private-events", "events"}},
	{Key: "hotel-restaurant", Name: "Hotel & Restaurant", PageName: "Hotels & Restaurants", aliases: []string{"hotel-restaurant", "restaurant", "hotel"}},
	{Key: OthersKey, Name: "Others", PageName: "Others", aliases: []string{"other"}},
}

// byName maps every normalised spelling of a category to it.
var byName = func() map[string]Category {
	m := map[string]Category{}
	for _, c := range Categories {
		for _, n := range append([]string{c.Key, c.Name, c.PageName}, c.aliases...) {
			m[normalizeCategory(n)] = c
		}
	}
	return m
}()

// LookupCategory finds the category a name means, in either naming style
// (form or category page), any case, with "and" for "&" and any spacing.
func LookupCategory(name string) (Category, bool) {
	c, ok := byName[normalizeCategory(name)]
	return c, ok
}

// CategoryOf is where a service with the given category text is listed: its
// standard category, or Others when the text names none of the nine.
func CategoryOf(name string) Category {
	if c, ok := LookupCategory(name); ok {
		return c
	}
	c, _ := LookupCategory(OthersKey)
	return c
}

func normalizeCategory(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.ReplaceAll(s, " and ", " & ")
	return s
}
