package booking

import (
	"context"
	"errors"
	"time"
)

// Appointments booked before teams have no member and no end (store
// migration 009: PostgreSQL cannot know their length, the duration is
// catalog-svc's). Until adopted they are read as the owner's, lasting the
// length of the service being booked. Adoption gives each upcoming active
// one, oldest booking first, the owner and the end its service's duration
// makes; one that would overlap an appointment the owner already holds
// (two of them booked at overlapping times in different services before
// teams: the later-created) keeps no member, gets its end, and is the
// provider's to reassign.

// LegacyStore finds and adopts appointments from before teams.
type LegacyStore interface {
	// Unadopted returns up to limit active appointments without member
	// and end that start at or after from, oldest booking first.
	Unadopted(ctx context.Context, from time.Time, limit int) ([]Appointment, error)
	// Adopt sets a's member to the owner and its end to end; when that
	// member is in an overlapping appointment already it sets only the
	// end and reports false.
	Adopt(ctx context.Context, a Appointment, end time.Time) (bool, error)
}

// LegacyAdoption adopts appointments from before teams (LegacyStore).
type LegacyAdoption struct {
	Catalog Catalog
	Store   LegacyStore
	Now     func() time.Time
}

// AdoptBatch is how many appointments one pass adopts.
const AdoptBatch = 500

// Run adopts one batch and says how many got the owner and how many stay
// without member (overlapping). Appointments of a service the catalogue
// no longer has are left as they are (read as the owner's).
func (l LegacyAdoption) Run(ctx context.Context) (adopted, unassigned int, err error) {
	list, err := l.Store.Unadopted(ctx, l.Now().Add(-24*time.Hour), AdoptBatch)
	if err != nil {
		return 0, 0, err
	}
	lengths := map[string]time.Duration{}
	for _, a := range list {
		length, known := lengths[a.ServiceID]
		if !known {
			svc, err := l.Catalog.Service(ctx, a.ServiceID)
			switch {
			case errors.Is(err, ErrServiceNotFound):
				length = 0
			case err != nil:
				return adopted, unassigned, err
			default:
				length = Length(svc)
			}
			lengths[a.ServiceID] = length
		}
		if length == 0 {
			continue
		}
		owned, err := l.Store.Adopt(ctx, a, a.StartsAt.Add(length))
		if err != nil {
			return adopted, unassigned, err
		}
		if owned {
			adopted++
		} else {
			unassigned++
		}
	}
	return adopted, unassigned, nil
}
