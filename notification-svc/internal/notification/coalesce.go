package notification

import (
	"slices"
	"time"
)

// Mails about who performs an appointment are coalesced (issue 50 finding
// 10: ten reassignments in a row mailed the customer ten times and the
// members twelve). Such a mail waits CoalesceWindow before it is sent, and
// a newer one to the same recipient about the same appointment replaces
// it while it waits: each person gets the last word of a burst, once per
// window at most (store/effects.go). Other mails (a booking, a
// cancellation, a new time) go at once.
const CoalesceWindow = 2 * time.Minute

// CoalescedKinds are the kinds coalesced: the customer's "with someone
// new" and a member's "now yours" and "no longer yours".
var CoalescedKinds = []string{KindReassigned, KindMemberAssigned, KindMemberReleased}

// Coalesced reports whether mails of kind are coalesced.
func Coalesced(kind string) bool { return slices.Contains(CoalescedKinds, kind) }
