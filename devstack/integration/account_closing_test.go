package integration

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

// Reasons booking-svc gives with a closing account's cancellations
// (booking-svc/internal/booking/closing.go).
const (
	reasonProviderClosed = "The provider closed their account"
	reasonCustomerClosed = "The customer closed their account"
)

// awaitClosed waits until the deletion of userID has run its course:
// booking-svc has settled its bookings and auth-svc, told so, has ended
// the closing (auth.account_closings), and booking-svc has recorded it.
func awaitClosed(t *testing.T, conn *pgx.Conn, userID string) {
	t.Helper()
	stacktest.Eventually(t, 30*time.Second, "the closing of "+userID+" to finish", func() bool {
		var closing, recorded bool
		err := conn.QueryRow(context.Background(), `SELECT
			EXISTS (SELECT 1 FROM auth.account_closings WHERE user_id = $1),
			EXISTS (SELECT 1 FROM booking.erased_users WHERE user_id = $1)`, userID).Scan(&closing, &recorded)
		if err != nil {
			t.Fatal(err)
		}
		return !closing && recorded
	})
}

// holding lists the appointments of userID (as customer or provider) that
// still hold their slot and are yet to end: pending, scheduled, confirmed
// or in progress.
func holding(t *testing.T, conn *pgx.Conn, userID string) []string {
	t.Helper()
	rows, err := conn.Query(context.Background(), `SELECT id::text || ' ' || status || ' ' || starts_at::text FROM booking.appointments
		WHERE (provider_id = $1 OR customer_id = $1) AND status IN ('pending', 'scheduled', 'confirmed', 'in-progress')`, userID)
	if err != nil {
		t.Fatal(err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestAccountClosingRace: a provider deletes their account while customers
// book their service and the provider accepts requests, all at once
// through the gateway. However the calls interleave, once the closing has
// run no appointment of that provider is pending or active: one accepted
// or booked a moment after the deletion is cancelled or refused, not left
// waiting on nobody.
func TestAccountClosingRace(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0()})
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())

	p := st.NewUser(t, "provider")
	slots := []string{"09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30"}
	svc := bkService(t, st, p, "Closing race check-up", slots...)
	customers := make([]stacktest.User, 4)
	for i := range customers {
		customers[i] = st.NewUser(t, "customer")
	}
	// Requests waiting for the provider's answer when the race starts.
	for i, c := range customers {
		bkBookID(t, st, c, svc, clk.day(1), slots[i])
	}

	var booked, refused, accepted atomic.Int64
	stop := make(chan struct{})
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, c := range customers {
		wg.Go(func() {
			<-start
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				day, slot := 2+(n/len(slots))%8, slots[(n+i*2)%len(slots)]
				r := bkBook(t, st, c, svc, clk.day(day), slot)
				switch {
				case r.Status == http.StatusCreated:
					booked.Add(1)
				case r.Status == http.StatusTooManyRequests:
					time.Sleep(50 * time.Millisecond) // the per-user limit: try again later
				case r.Status >= 500:
					t.Errorf("booking during the closing: %d %s", r.Status, r.Raw)
					return
				default:
					refused.Add(1)
				}
			}
		})
	}
	wg.Go(func() { // the provider accepts whatever is pending
		<-start
		for {
			select {
			case <-stop:
				return
			default:
			}
			r := st.Get(t, "/appointments/provider", p.Token)
			if r.Status != http.StatusOK {
				continue // refused once the account is closing
			}
			for _, id := range pendingIDs(r) {
				if bkProviderStatus(t, st, p, id, "confirmed").Status == http.StatusOK {
					accepted.Add(1)
				}
			}
		}
	})
	close(start)
	stacktest.Eventually(t, 15*time.Second, "bookings and accepts under way", func() bool {
		return booked.Load() >= 2 && accepted.Load() >= 1
	})
	deleteAccount(t, st, p.Token, map[string]any{"password": p.Password}).ExpectStatus(t, http.StatusOK)
	awaitClosed(t, conn, p.ID)
	// The customers go on a little after the closing finished: each
	// booking is refused now.
	before := refused.Load()
	stacktest.Eventually(t, 15*time.Second, "bookings refused after the closing", func() bool { return refused.Load() >= before+4 })
	close(stop)
	wg.Wait()

	if left := holding(t, conn, p.ID); len(left) > 0 {
		t.Fatalf("after the provider's deletion %d appointments still hold their slot (booked %d, accepted %d during the race):\n%s",
			len(left), booked.Load(), accepted.Load(), strings.Join(left, "\n"))
	}
	var cancelled int
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM booking.appointments WHERE provider_id = $1
		AND status = 'cancelled' AND reason = $2 AND cancelled_by = 'provider'`, p.ID, reasonProviderClosed).Scan(&cancelled); err != nil {
		t.Fatal(err)
	}
	if cancelled < len(customers) {
		t.Fatalf("%d appointments cancelled for the closing, want at least the %d booked before it", cancelled, len(customers))
	}
	t.Logf("during the race: %d booked, %d accepted, %d refused; %d cancelled by the closing", booked.Load(), accepted.Load(), refused.Load(), cancelled)
}

// pendingIDs are the ids of the pending appointments in a provider's list.
func pendingIDs(r *stacktest.Response) []string {
	var ids []string
	list, _ := r.Field("appointments").([]any)
	for _, x := range list {
		if a, ok := x.(map[string]any); ok && a["status"] == "pending" {
			ids = append(ids, fmt.Sprint(a["_id"]))
		}
	}
	return ids
}

// TestCustomerClosingCancelsAndTellsProvider: a customer deletes their
// account: their upcoming appointment is cancelled with the reason, its
// slot is free again, and the provider is told by mail; then the customer
// is erased.
func TestCustomerClosingCancelsAndTellsProvider(t *testing.T) {
	t.Parallel()
	clk := newBKClock()
	mails := stacktest.StartMailServer(t)
	st := stacktest.Start(t, stacktest.Options{Now: clk.t0(), SMTPAddr: mails.Addr, MailInterval: 50 * time.Millisecond})
	conn, err := pgx.Connect(context.Background(), st.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	p := st.NewUser(t, "provider")
	c := newPerson(t, st, "customer")
	other := st.NewUser(t, "customer")
	svc := bkService(t, st, p, "Closing customer check-up", "14:30")
	id := bkBookID(t, st, c.User, svc, clk.day(1), "14:30")
	bkProviderStatus(t, st, p, id, "confirmed").ExpectStatus(t, http.StatusOK)

	deleteAccount(t, st, c.Token, map[string]any{"password": c.Password}).ExpectStatus(t, http.StatusOK)
	awaitClosed(t, conn, c.ID)
	if left := holding(t, conn, c.ID); len(left) > 0 {
		t.Fatalf("the deleted customer's appointments still hold their slot: %v", left)
	}
	a := st.Get(t, "/appointments/provider", p.Token).ExpectStatus(t, http.StatusOK)
	if !strings.Contains(string(a.Raw), reasonCustomerClosed) {
		t.Fatalf("the provider's list does not give the reason: %s", a.Raw)
	}
	m := awaitMail(t, mails, p.Email, "A booking was cancelled", 1)
	if !strings.Contains(m.Text, reasonCustomerClosed) {
		t.Fatalf("the provider's mail does not say why:\n%s", m.Text)
	}
	// The slot is free for someone else.
	bkBookID(t, st, other, svc, clk.day(1), "14:30")
	awaitErased(t, st, c)
}
