package store

import (
	"context"
	"testing"
	"time"

	"github.com/slotwise/slotwise/notification-svc/internal/notification"
)

// TestAccountMailsOnceEachAndForgetTheSecret: an event delivered again is
// stored once; a claimed mail is not claimed again within its lease; a
// sent or failed mail's row keeps no link secret.
func TestAccountMailsOnceEachAndForgetTheSecret(t *testing.T) {
	ctx := context.Background()
	pool := openPool(t)
	s := AccountMails{Pool: pool}
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	verify := notification.AccountMail{ID: "ev1", Kind: notification.AccountVerifyEmail, UserID: "u1", To: "asha@mail.test",
		Name: "Asha", Token: "secret-1", ExpiresAt: now.Add(24 * time.Hour)}
	reset := notification.AccountMail{ID: "ev2", Kind: notification.AccountPasswordReset, UserID: "u1", To: "asha@mail.test",
		Name: "Asha", Token: "secret-2", ExpiresAt: now.Add(30 * time.Minute)}
	for range 2 {
		if err := s.Add(ctx, []notification.AccountMail{verify, reset}, now); err != nil {
			t.Fatal(err)
		}
	}
	if n := count(t, pool, `SELECT count(*) FROM account_mails`); n != 2 {
		t.Fatalf("%d rows after a redelivery, want 2", n)
	}
	got, err := s.Claim(ctx, now, 10, time.Minute)
	if err != nil || len(got) != 2 {
		t.Fatalf("claim: %v %+v", err, got)
	}
	if got[0].Mail.Token == "" || got[0].Attempt != 1 || got[0].Mail.ExpiresAt.IsZero() {
		t.Fatalf("claimed %+v", got[0])
	}
	if again, _ := s.Claim(ctx, now.Add(30*time.Second), 10, time.Minute); len(again) != 0 {
		t.Fatalf("claimed again within the lease: %+v", again)
	}
	if err := s.Sent(ctx, "ev1", now); err != nil {
		t.Fatal(err)
	}
	if err := s.Failed(ctx, "ev2", "550 no such mailbox"); err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM account_mails WHERE token <> ''`); n != 0 {
		t.Fatalf("%d settled rows keep their secret", n)
	}
	if again, _ := s.Claim(ctx, now.Add(time.Hour), 10, time.Minute); len(again) != 0 {
		t.Fatalf("settled mails claimed again: %+v", again)
	}
}
