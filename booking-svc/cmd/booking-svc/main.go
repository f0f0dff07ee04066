// Command booking-svc serves the booking service; "booking-svc migrate" applies its migrations.
package main

import (
	"github.com/slotwise/slotwise/platform/svc"

	bookingsvc "github.com/slotwise/slotwise/booking-svc"
)

func main() { svc.Main("booking-svc", bookingsvc.Program) }
