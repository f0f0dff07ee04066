package auth

import "github.com/slotwise/slotwise/platform/identity"

// Ending every session of an account also replaces its calendar feed
// addresses (store/revoke.go, docs/product.md#calendar-export): whoever
// held the account may have copied them. The confirmation of each action
// that does so says it, so the owner knows to subscribe again.
const (
	MsgFeedChanged      = "Your calendar address was changed too: copy the new one from your Calendar page."
	MsgTeamFeedsChanged = "Your calendar address and your team members' were changed too: copy the new ones from your Calendar and Team pages."
)

// withFeedsChanged is msg followed by what happened to role's feeds.
func withFeedsChanged(msg, role string) string {
	if role == identity.RoleProvider {
		return msg + " " + MsgTeamFeedsChanged
	}
	return msg + " " + MsgFeedChanged
}
