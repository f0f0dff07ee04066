package integration

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// TestRegisterTakesOverUnverifiedSquatter (issue 50, finding 12): a
// squatter registers a provider account with an address it does not read.
// The address's owner registering later is answered as a fresh
// registration (not "already exists") and mailed a link; until it is
// opened nothing changes. Opening it deletes the squatter's account as a
// deletion would (its sessions at once, its business and services erased
// by the services that own them) and creates the owner's account, verified,
// with the owner's role, name and password.
func TestRegisterTakesOverUnverifiedSquatter(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	address := untrustedEmail("owner")

	squatterName, squatterPhone := "Sly Squatter"+randomDigits(6), "8"+randomDigits(9)
	business := "Squat Salon " + randomDigits(6)
	body := stacktest.Registration("provider", address)
	body["fullName"], body["phoneNumber"] = squatterName, squatterPhone
	body["businessInfo"].(map[string]any)["businessName"] = business
	st.Post(t, "/auth/register", "", body).ExpectStatus(t, http.StatusCreated)
	squatter := st.Login(t, address, "secret123", "provider")
	service := bkService(t, st, squatter, "Squatted haircut", "09:00", "10:00")
	awaitMail(t, mails, address, "Verify your email address", 1) // the squatter's own link

	// The owner registers: the answer is a fresh registration's.
	ownerName := "Olive Owner" + randomDigits(6)
	fresh := st.Post(t, "/auth/register", "", stacktest.Registration("customer", untrustedEmail("fresh"))).ExpectStatus(t, http.StatusCreated)
	body = stacktest.Registration("customer", address)
	body["fullName"], body["password"] = ownerName, "owner-secret-1"
	r := st.Post(t, "/auth/register", "", body).ExpectStatus(t, http.StatusCreated)
	if r.String("message") != fresh.String("message") || r.String("user.role") != "customer" || r.Field("user.emailVerified") != false {
		t.Fatalf("the owner's registration does not answer as a fresh one:\n%s\nfresh:\n%s", r.Raw, fresh.Raw)
	}
	link := awaitMail(t, mails, address, "Verify your email address", 2)
	if !strings.Contains(link.Text, ownerName) || strings.Contains(link.Text, squatterName) {
		t.Fatalf("the link is not in the owner's name:\n%s", link.Text)
	}
	token := tokenOf(t, link, "verify-email")

	// Until the link is opened the squatter's account is as it was, and the
	// owner cannot sign in.
	st.Get(t, "/auth/profile", squatter.Token).ExpectStatus(t, http.StatusOK)
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": address, "password": "owner-secret-1", "role": "customer"}).
		ExpectStatus(t, http.StatusUnauthorized)

	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusOK)

	owner := st.Login(t, address, "owner-secret-1", "customer")
	p := st.Get(t, "/auth/profile", owner.Token).ExpectStatus(t, http.StatusOK)
	if p.Field("user.emailVerified") != true || p.String("user.role") != "customer" || p.String("user.fullName") != ownerName ||
		p.Field("user.providerInfo") != nil || owner.ID == squatter.ID {
		t.Fatalf("the owner's account is not their own: %s", p.Raw)
	}
	// Nothing of the squatter's survives: not its password, sessions or
	// access token, nor (once the services erase) its name, phone, business.
	st.Post(t, "/auth/login-with-role", "", map[string]any{"email": address, "password": "secret123", "role": "provider"}).
		ExpectStatus(t, http.StatusUnauthorized)
	st.Post(t, "/auth/refresh", "", map[string]any{"refreshToken": squatter.Refresh}).ExpectStatus(t, http.StatusUnauthorized)
	st.Get(t, "/auth/profile", squatter.Token).ExpectStatus(t, http.StatusUnauthorized)
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var left []string
	if !stacktest.Poll(t.Context(), 20*time.Second, func() bool {
		left = append(holders(t, conn, squatterName, squatterPhone, business), holding(t, conn, squatter.ID)...)
		return len(left) == 0
	}) {
		t.Fatalf("the squatter's account outlived the takeover:\n%s", strings.Join(left, "\n"))
	}
	// Its service is gone from the marketplace (catalog-svc keeps the row
	// for past appointments, as after any deletion).
	st.Get(t, "/services/"+service, "").ExpectStatus(t, http.StatusNotFound)
	// The link worked once.
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusBadRequest)
}

// TestRegisterOnVerifiedAddressIsRefused: an address whose account is
// verified is not taken over; its holder is neither mailed nor changed.
func TestRegisterOnVerifiedAddressIsRefused(t *testing.T) {
	t.Parallel()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	c := registerUntrusted(t, st, "customer")
	token := tokenOf(t, awaitMail(t, mails, c.Email, "Verify your email address", 1), "verify-email")
	st.Post(t, "/auth/verify-email", "", map[string]any{"token": token}).ExpectStatus(t, http.StatusOK)
	st.Post(t, "/auth/register", "", stacktest.Registration("provider", c.Email)).
		ExpectError(t, http.StatusConflict, "An account with this email already exists. Please log in instead.")
	st.Get(t, "/auth/profile", c.Token).ExpectStatus(t, http.StatusOK)
}
