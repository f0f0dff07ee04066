package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/segmentio/kafka-go"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/platform/erasure"
	"github.com/slotwise/slotwise/platform/kafkax"
)

// Closer settles a closing account's bookings (booking.Service CloseAccount).
type Closer interface {
	CloseAccount(ctx context.Context, userID string) (int, error)
}

// Closing returns the handler of auth.accounts.v1's account_closing events
// (topics.BookingClosingGroup). Every step of a closing may run again, so
// a redelivered event or a retry after a failure (auth-svc unreachable,
// say) settles what is left and changes nothing else; the account's
// erasure waits for it (auth-svc publishes account_deleted only when told).
func Closing(c Closer, log *slog.Logger) kafkax.Handler {
	return kafkax.Decoded(log, func(ctx context.Context, msg kafka.Message, ev *eventsv1.AccountEvent) error {
		if ev.GetType() != erasure.AccountClosing || ev.GetUserId() == "" {
			return nil
		}
		n, err := c.CloseAccount(ctx, ev.GetUserId())
		if err != nil {
			return fmt.Errorf("closing account %s: %w", ev.GetUserId(), err)
		}
		log.InfoContext(ctx, "closing account's bookings settled", "user_id", ev.GetUserId(), "cancelled", n)
		return nil
	})
}
