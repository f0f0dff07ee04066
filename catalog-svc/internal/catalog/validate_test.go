package catalog

import (
	"slices"
	"testing"

	"github.com/slotwise/slotwise/platform/apperr"
)

func validInput() Input {
	price, duration := 499.0, 30
	return Input{
		Name: "Dental check-up", Category: "Healthcare & Wellness", Description: "Cleaning and check-up",
		Price: &price, Duration: &duration, Provider: "Smile Clinic", Location: "12 MG Road, Bengaluru",
		Contact: "9876543210", TimeSlots: []string{"09:00", "10:30"},
	}
}

func TestValidateInSpecOrder(t *testing.T) {
	neg, zero, four := -1.0, 0.0, 4
	cases := []struct {
		name string
		mod  func(*Input)
		msg  string // "" = valid
	}{
		{"valid", func(*Input) {}, ""},
		{"name blank", func(in *Input) { in.Name = "  " }, MsgNameRequired},
		{"name before description", func(in *Input) { in.Name, in.Description = "", "" }, MsgNameRequired},
		{"description", func(in *Input) { in.Description = "" }, MsgDescriptionRequired},
		{"company", func(in *Input) { in.Provider = "" }, MsgCompanyRequired},
		{"location empty", func(in *Input) { in.Location = "" }, MsgAddressRequired},
		{"address part empty", func(in *Input) { in.Location = " , Bengaluru" }, MsgAddressRequired},
		{"no comma", func(in *Input) { in.Location = "12 MG Road" }, MsgCityRequired},
		{"city part empty", func(in *Input) { in.Location = "12 MG Road,  " }, MsgCityRequired},
		{"address before contact", func(in *Input) { in.Location, in.Contact = "", "" }, MsgAddressRequired},
		{"contact", func(in *Input) { in.Contact = "" }, MsgContactRequired},
		{"contact 9 digits", func(in *Input) { in.Contact = "987654321" }, MsgContactInvalid},
		{"contact 11 digits", func(in *Input) { in.Contact = "98765432101" }, MsgContactInvalid},
		{"contact not an email", func(in *Input) { in.Contact = "clinic@" }, MsgContactInvalid},
		{"contact email", func(in *Input) { in.Contact = "desk@smile.example" }, ""},
		{"price missing", func(in *Input) { in.Price = nil }, MsgPriceInvalid},
		{"price negative", func(in *Input) { in.Price = &neg }, MsgPriceInvalid},
		{"price zero", func(in *Input) { in.Price = &zero }, ""},
		{"contact before price", func(in *Input) { in.Contact, in.Price = "x", nil }, MsgContactInvalid},
		{"duration missing", func(in *Input) { in.Duration = nil }, MsgDurationTooShort},
		{"duration 4", func(in *Input) { in.Duration = &four }, MsgDurationTooShort},
		{"category", func(in *Input) { in.Category = " " }, MsgCategoryRequired},
		{"category any text", func(in *Input) { in.Category = "Pet Grooming" }, ""},
		{"image not a url", func(in *Input) { in.ImageURL = "not a url" }, MsgImageURLInvalid},
		{"image ftp", func(in *Input) { in.ImageURL = "ftp://x.example/a.png" }, MsgImageURLInvalid},
		{"image https", func(in *Input) { in.ImageURL = "https://img.example/a.png" }, ""},
		{"no slots", func(in *Input) { in.TimeSlots = nil }, MsgSlotRequired},
		{"slot 24:00", func(in *Input) { in.TimeSlots = []string{"24:00"} }, MsgSlotInvalid("24:00")},
		{"slot 12-hour", func(in *Input) { in.TimeSlots = []string{"9:00 AM"} }, MsgSlotInvalid("9:00 AM")},
		{"slot 09:60", func(in *Input) { in.TimeSlots = []string{"09:60"} }, MsgSlotInvalid("09:60")},
		{"image before slots", func(in *Input) { in.ImageURL, in.TimeSlots = "x", nil }, MsgImageURLInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := validInput()
			c.mod(&in)
			err := Validate(&in)
			if c.msg == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			if err == nil || err.Error() != c.msg || apperr.KindOf(err) != apperr.KindInvalid {
				t.Fatalf("got %v, want Invalid %q", err, c.msg)
			}
		})
	}
}

func TestValidateNormalizes(t *testing.T) {
	in := validInput()
	price := 499.999
	in.Price = &price
	in.Name = "  Dental  "
	in.Location = " 4th Cross, Indiranagar ,  Bengaluru "
	in.TimeSlots = []string{"14:00", "9:30", "09:30", " 08:05 "}
	if err := Validate(&in); err != nil {
		t.Fatal(err)
	}
	if in.Name != "Dental" || in.Location != "4th Cross, Indiranagar, Bengaluru" || *in.Price != 500 {
		t.Fatalf("normalised: %q %q %v", in.Name, in.Location, *in.Price)
	}
	if want := []string{"08:05", "09:30", "14:00"}; !slices.Equal(in.TimeSlots, want) {
		t.Fatalf("slots %v, want %v", in.TimeSlots, want)
	}
}
