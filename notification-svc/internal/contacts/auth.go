// Package contacts asks auth-svc where a recipient's mail goes: the
// account's email and its emailNotifications flag, read when the mail is
// sent, so a change in the profile counts from the next mail on.
package contacts

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// Auth implements notification.Contacts over auth-svc's GetContact.
type Auth struct{ Client authv1.AuthServiceClient }

func (a Auth) Contact(ctx context.Context, userID string) (notification.Contact, error) {
	c, err := a.Client.GetContact(ctx, &authv1.GetContactRequest{UserId: userID})
	if status.Code(err) == codes.NotFound {
		return notification.Contact{}, notification.ErrNoContact
	}
	if err != nil {
		return notification.Contact{}, err
	}
	return notification.Contact{Email: c.GetEmail(), Name: c.GetFullName(), EmailOn: c.GetEmailNotifications(),
		UnsubscribeToken: c.GetUnsubscribeToken()}, nil
}
