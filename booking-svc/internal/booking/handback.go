package booking

import (
	"context"
	"errors"
	"time"

	"github.com/slotwise/slotwise/platform/identity"
)

// A removed team member's upcoming appointments go back to the owner
// (docs/product.md#team-members): catalog-svc removes the member and says
// so on catalog.services.v1 ("member_removed"), and booking-svc, which
// owns the appointments, hands each one that is still to take place to the
// owner as a reassignment, so the customer is told who they will see now.

// handBackBatch bounds the appointments one step of a hand-back reads.
const handBackBatch = 100

// HandBackStore reads a member's upcoming appointments and changes one.
type HandBackStore interface {
	// UpcomingWith returns up to limit pending, scheduled or confirmed
	// appointments of providerID's member staffID starting after after,
	// earliest first.
	UpcomingWith(ctx context.Context, providerID, staffID string, after time.Time, limit int) ([]Appointment, error)
	// Update is Repository.Update.
	Update(ctx context.Context, id string, mutate func(*Appointment) (Change, error)) (Appointment, error)
}

// HandBack gives a removed member's upcoming appointments to the owner.
type HandBack struct {
	Catalog Catalog
	Store   HandBackStore
	Now     func() time.Time
}

// MemberRemoved hands every upcoming appointment of providerID's member
// staffID back to the owner, a bounded batch at a time, and says how many
// it handed back. Each change is conditional on the appointment still
// being the member's and to come, so an event delivered again (or a retry
// after a failure half way) hands back only what is left: nothing, once
// done.
func (h HandBack) MemberRemoved(ctx context.Context, providerID, staffID string) (int, error) {
	staffID, ok := canonicalMember(staffID)
	if !ok || providerID == "" || staffID == identity.OwnerMemberID(providerID) {
		return 0, nil
	}
	now := h.Now()
	owners := map[string]Member{} // by service: one catalogue read each
	handed := 0
	for {
		list, err := h.Store.UpcomingWith(ctx, providerID, staffID, now, handBackBatch)
		if err != nil || len(list) == 0 {
			return handed, err
		}
		for _, a := range list {
			owner, err := h.owner(ctx, a, owners)
			if err != nil {
				return handed, err
			}
			_, err = h.Store.Update(ctx, a.ID, func(a *Appointment) (Change, error) {
				return handBack(a, staffID, owner, now)
			})
			if errors.Is(err, ErrStaffBusy) {
				// The owner holds another appointment then: the appointment
				// keeps no member, shown as the owner's, as one from before
				// teams that overlapped (legacy.go), for the provider to
				// reassign; the owner's own is never double-booked.
				unassigned := owner
				unassigned.ID = ""
				_, err = h.Store.Update(ctx, a.ID, func(a *Appointment) (Change, error) {
					return handBack(a, staffID, unassigned, now)
				})
			}
			if errors.Is(err, errSettled) {
				continue
			}
			if err != nil {
				return handed, err
			}
			handed++
		}
	}
}

// owner is the owner member as a's service lists them (their name as the
// provider set it), else as catalog-svc creates them.
func (h HandBack) owner(ctx context.Context, a Appointment, known map[string]Member) (Member, error) {
	if m, ok := known[a.ServiceID]; ok {
		return m, nil
	}
	ownerID := identity.OwnerMemberID(a.ProviderID)
	m := OwnerOf(a.ProviderID, a.Provider)
	svc, err := h.Catalog.Service(ctx, a.ServiceID)
	switch {
	case err == nil:
		if listed, ok := svc.Member(ownerID); ok {
			m = listed
		} else if svc.Provider != "" {
			m = OwnerOf(a.ProviderID, svc.Provider)
		}
	case !errors.Is(err, ErrServiceNotFound):
		return Member{}, err
	}
	known[a.ServiceID] = m
	return m, nil
}

// handBack gives a, still with the removed member staffID and to come, to
// owner (ID "": no member, shown as the owner's) as a reassignment the
// server made; errSettled when a changed since it was read. The removed
// member is named as the previous one but not by address: they are no
// longer on the team, so nothing more is mailed to them.
func handBack(a *Appointment, staffID string, owner Member, now time.Time) (Change, error) {
	if a.StaffID != staffID || !awaited(a.Status) || !a.StartsAt.After(now) {
		return Change{}, errSettled
	}
	ch := Change{Type: EventReassigned, PreviousStatus: a.Status, ActorRole: ActorSystem,
		PreviousStaffID: a.StaffID, PreviousStaffName: a.StaffName}
	a.StaffID, a.StaffName, a.StaffEmail = owner.ID, owner.Name, owner.Email
	a.Version, a.UpdatedAt = a.Version+1, now.UTC()
	return ch, nil
}
