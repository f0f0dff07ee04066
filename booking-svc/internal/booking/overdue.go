package booking

import (
	"context"
	"errors"
	"slices"
	"time"
)

// OverdueAfter is how long past its end an appointment may stay
// scheduled, confirmed or in progress: then the server completes it
// (docs/product.md "States and transitions"), so the customer may review
// it and the provider's analytics count it, as if the provider had
// marked it.
const OverdueAfter = 24 * time.Hour

// ActorSystem is the actorRole of a change the server made on its own.
const ActorSystem = "system"

// overdueBatch bounds the appointments one pass completes: a backlog is
// worked off pass by pass, each a short run of small transactions.
const overdueBatch = 200

// openStatuses await the provider's outcome (completed or no-show).
var openStatuses = []string{StatusScheduled, StatusConfirmed, StatusInProgress}

// errSettled: another pass or the provider settled it first.
var errSettled = errors.New("appointment no longer open")

func (s *service) CompleteOverdue(ctx context.Context) (int, error) {
	now := s.now()
	list, err := s.repo.Open(ctx, now.Add(-OverdueAfter), overdueBatch)
	if err != nil {
		return 0, err
	}
	durations := map[string]time.Duration{}
	done := 0
	for _, a := range list {
		d, known := durations[a.ServiceID]
		if !known {
			svc, err := s.catalog.Service(ctx, a.ServiceID)
			switch {
			case errors.Is(err, ErrServiceNotFound): // deleted: its end is its start
			case err != nil:
				return done, err
			default:
				d = time.Duration(svc.Duration) * time.Minute
			}
			durations[a.ServiceID] = d
		}
		if now.Before(a.StartsAt.Add(d + OverdueAfter)) {
			continue
		}
		_, err := s.repo.Update(ctx, a.ID, func(a *Appointment) (Change, error) {
			// One the provider never answered (moved before it was
			// accepted) is not theirs to have held: like a pending
			// request, it is left as it is.
			if !slices.Contains(openStatuses, a.Status) || a.AwaitingProvider {
				return Change{}, errSettled
			}
			prev := a.Status
			a.Status, a.Version, a.UpdatedAt = StatusCompleted, a.Version+1, now.UTC()
			return Change{Type: EventStatusChanged, PreviousStatus: prev, ActorRole: ActorSystem}, nil
		})
		if errors.Is(err, errSettled) {
			continue
		}
		if err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}
