package notification

import (
	"strings"
	"testing"
	"time"
)

func TestComposeAccountMails(t *testing.T) {
	ist, _ := time.LoadLocation("Asia/Kolkata")
	expires := time.Date(2026, 11, 22, 4, 30, 0, 0, time.UTC)
	cases := []struct {
		m               AccountMail
		subject, link   string
		mustSay, notSay string
	}{
		{AccountMail{Kind: AccountVerifyEmail, To: "asha@mail.test", Name: "<b>Asha</b>", Token: "tok_1-A", ExpiresAt: expires},
			"Verify your email address", "https://slotwise.example/verify-email?token=tok_1-A", "22 Nov 2026, 10:00 IST", ""},
		{AccountMail{Kind: AccountVerifyEmail, To: "new@mail.test", NewEmail: "new@mail.test", Token: "t2", ExpiresAt: expires},
			"Confirm your new email address", "https://slotwise.example/verify-email?token=t2", "change your Slotwise email address to new@mail.test", ""},
		{AccountMail{Kind: AccountPasswordReset, To: "asha@mail.test", Token: "t3", ExpiresAt: expires},
			"Reset your Slotwise password", "https://slotwise.example/reset-password?token=t3", "works once", ""},
		{AccountMail{Kind: AccountEmailChanged, To: "old@mail.test", NewEmail: "new@mail.test"},
			"Your Slotwise email address was changed", "", "changed to new@mail.test", "token="},
		{AccountMail{Kind: AccountLoginLocked, To: "asha@mail.test", Name: "Asha"},
			"Someone tried to sign in to your account", "https://slotwise.example/forgot-password", "wrong password", "token="},
	}
	for _, c := range cases {
		m, err := ComposeAccount(c.m, "https://slotwise.example", ist)
		if err != nil {
			t.Fatal(err)
		}
		if m.Subject != c.subject || m.To != c.m.To || !strings.Contains(m.Text, c.mustSay) {
			t.Errorf("%s: subject %q to %q text:\n%s", c.m.Kind, m.Subject, m.To, m.Text)
		}
		if c.link != "" && (!strings.Contains(m.Text, c.link) || !strings.Contains(m.HTML, `href="`+c.link+`"`)) {
			t.Errorf("%s: link %s missing:\n%s\n%s", c.m.Kind, c.link, m.Text, m.HTML)
		}
		if c.notSay != "" && strings.Contains(m.Text+m.HTML, c.notSay) {
			t.Errorf("%s: says %q", c.m.Kind, c.notSay)
		}
		// The one layout of every mail (letter.go), without an unsubscribe
		// link: the profile's switch does not stop account mails.
		if !strings.HasPrefix(m.Text, c.subject+"\n") || !strings.Contains(m.HTML, ">"+c.subject+"</h1>") {
			t.Errorf("%s: not in the mail layout:\n%s\n%s", c.m.Kind, m.Text, m.HTML)
		}
		if m.Unsubscribe != "" || strings.Contains(m.Text+m.HTML, "nsubscribe") {
			t.Errorf("%s: carries an unsubscribe link", c.m.Kind)
		}
		if strings.Contains(m.HTML, "<b>Asha</b>") {
			t.Errorf("%s: the name is not escaped in HTML", c.m.Kind)
		}
	}
	if _, err := ComposeAccount(AccountMail{Kind: "bogus"}, "https://slotwise.example", ist); err == nil {
		t.Error("an unknown kind composed")
	}
}
