// Package contacts asks auth-svc where a recipient's mail goes: the
// account's email, its emailNotifications flag and whether the address is
// verified, read when the mail is sent, so a change in the profile (or a
// verification) counts from the next mail on.
package contacts

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Auth implements notification.Contacts over auth-svc's GetContact.
type Auth struct{ Client authv1.AuthInternalClient }

func (a Auth) Contact(ctx context.Context, userID string) (notification.Contact, error) {
	c, err := a.Client.GetContact(ctx, &authv1.GetContactRequest{UserId: userID})
	if status.Code(err) == codes.NotFound {
		return notification.Contact{}, notification.ErrNoContact
	}
	if err != nil {
		return notification.Contact{}, err
	}
	// An address not yet verified gets no notification mail (only its
	// verification link, which is an account mail: account_mail.go).
	return notification.Contact{Email: c.GetEmail(), Name: c.GetFullName(),
		EmailOn:          c.GetEmailNotifications() && c.GetEmailVerified(),
		Verified:         c.GetEmailVerified(),
		UnsubscribeToken: c.GetUnsubscribeToken()}, nil
}
