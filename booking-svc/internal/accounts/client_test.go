package accounts

import (
	"context"
	"errors"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/apperr"
	"github.com/slotwise/slotwise/platform/erasure"
)

// fakeAuth answers GetContact with contact or err, and records whether
// the call had a deadline.
type fakeAuth struct {
	authv1.AuthInternalClient
	contact  *authv1.Contact
	err      error
	deadline bool
}

func (f *fakeAuth) GetContact(ctx context.Context, _ *authv1.GetContactRequest, _ ...grpc.CallOption) (*authv1.Contact, error) {
	_, f.deadline = ctx.Deadline()
	return f.contact, f.err
}

// TestContactAnswers: the account's email now; a gone account is the
// deleted account's 401, auth-svc unreachable a 503; every call has a
// deadline even when its caller had none.
func TestContactAnswers(t *testing.T) {
	f := &fakeAuth{contact: &authv1.Contact{Email: "new@example.com", FullName: "Asha"}}
	c := Client{Internal: f}
	got, err := c.Contact(context.Background(), "u1")
	if err != nil || got.Email != "new@example.com" || !f.deadline {
		t.Fatalf("contact %+v, %v (deadline %v)", got, err, f.deadline)
	}
	f.err = status.Error(codes.NotFound, "User not found")
	if _, err := c.Contact(context.Background(), "u1"); !errors.Is(err, erasure.ErrAccountDeleted) {
		t.Fatalf("a gone account: %v", err)
	}
	for _, code := range []codes.Code{codes.Unavailable, codes.DeadlineExceeded} {
		f.err = status.Error(code, "down")
		if _, err := c.Contact(context.Background(), "u1"); apperr.KindOf(err) != apperr.KindUnavailable {
			t.Fatalf("%v: %v", code, err)
		}
	}
}
