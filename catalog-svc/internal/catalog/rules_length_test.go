package catalog

import (
	"errors"
	"strings"
	"testing"

	"github.com/slotwise/slotwise/platform/apperr"
)

func TestValidateRefusesOverlongText(t *testing.T) {
	price, duration := 499.0, 30
	valid := func() Input {
		return Input{Name: "Dental check-up", Category: "Healthcare & Wellness", Description: "Thorough", Price: &price,
			Duration: &duration, Provider: "Smile Clinic", Location: "12 MG Road, Bengaluru", Contact: "9876543210", TimeSlots: []string{"09:00"}}
	}
	in := valid()
	in.Description = strings.Repeat("é", 2000) // characters, not bytes
	if err := Validate(&in); err != nil {
		t.Fatalf("2000 characters: %v", err)
	}
	in = valid()
	in.Description = strings.Repeat("x", 900_000)
	var ae *apperr.Error
	if err := Validate(&in); !errors.As(err, &ae) || ae.Message != MsgTooLong("Description", 2000) {
		t.Fatalf("900 kB description: %v", err)
	}
}
