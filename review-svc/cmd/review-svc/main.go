// Command review-svc serves the review service; "review-svc migrate" applies its migrations.
package main

import (
	"github.com/slotwise/slotwise/platform/svc"

	reviewsvc "github.com/slotwise/slotwise/review-svc"
)

func main() { svc.Main("review-svc", reviewsvc.Program) }
