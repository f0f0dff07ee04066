// Package revoke names the account event that ends what an account shared
// by a secret address (docs/product.md#calendar-export): when every session
// of an account ends — sign-out everywhere, a password change or reset, an
// email change taking effect — whoever held the account before may have
// copied its addresses, so they die with the sessions. auth-svc publishes
// AccessRevoked on auth.accounts.v1 in the transaction that ends the
// sessions; booking-svc replaces the account's calendar feed addresses.
package revoke

// AccessRevoked is the event type (events.proto AccountEvent.type): only
// userId and occurredAt are set.
const AccessRevoked = "access_revoked"
