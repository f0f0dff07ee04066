package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	eventsv1 "github.com/slotwise/slotwise/api/gen/events/v1"
	"github.com/slotwise/slotwise/api/topics"
	"github.com/slotwise/slotwise/platform/outbox"
	"github.com/slotwise/slotwise/platform/revoke"
)

// revokeAccess publishes access_revoked for userID in tx: every path that
// ends all of an account's sessions (sign-out everywhere, a password change
// or reset, an email change taking effect) goes through endSessions, so
// whoever held the account before loses its calendar feed addresses as
// they lose its sessions (platform/revoke; booking-svc replaces them).
func revokeAccess(ctx context.Context, tx pgx.Tx, userID string, now time.Time) error {
	return outbox.Write(ctx, tx, topics.Accounts, userID, &eventsv1.AccountEvent{
		EventId: uuid.NewString(), Type: revoke.AccessRevoked, OccurredAt: timestamppb.New(now), UserId: userID})
}
