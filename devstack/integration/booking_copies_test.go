package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/slotwise/slotwise/devstack/stacktest"
	"github.com/slotwise/slotwise/platform/copies"
	"github.com/slotwise/slotwise/platform/testkit"
)

// booking-svc keeps its copy of a service past CATALOG_CACHE_TTL while
// catalog-svc's write mark stands still, and drops it once a catalog write
// commits, even one whose event never arrives (booking-svc/internal/
// catalog/client.go). Availability shows the copy: its days list the
// service's slots.
func TestBookingCopiesKeptUntilACatalogWrite(t *testing.T) {
	st := stacktest.Start(t)
	p := st.NewUser(t, "provider")
	waitCopiesLive(t, st)
	id := bkService(t, st, p, "Kept for booking", "09:00", "10:00", "11:00")
	slots := func() int {
		t.Helper()
		days, _ := st.Get(t, "/services/"+id+"/availability", "").ExpectStatus(t, http.StatusOK).Field("days").([]any)
		last, _ := days[len(days)-1].(map[string]any) // ten days ahead: no slot has passed
		list, _ := last["slots"].([]any)
		return len(list)
	}
	// The watcher empties the copies until the creation is behind every
	// running transaction: a copy read from then on is kept.
	time.Sleep(copies.DefaultTTL)
	if got := slots(); got != 3 {
		t.Fatalf("the new service's day has %d slots, want 3", got)
	}
	testkit.MustExec(t, st.DatabaseURL, `UPDATE catalog.services SET time_slots = '{09:00,09:30,10:00,11:00}' WHERE id = $1`, id)
	time.Sleep(2*copies.DefaultTTL + time.Second) // past the TTL: a copy that only aged would be read again
	if got := slots(); got != 3 {
		t.Fatalf("%v after a silent change, booking-svc read the service again (%d slots): its copy was not kept past the TTL",
			2*copies.DefaultTTL+time.Second, got)
	}
	commit := openCatalogWrite(t, st, `UPDATE catalog.services SET time_slots = '{09:00}' WHERE id = $1`, id)
	time.Sleep(copies.DefaultTTL) // booking-svc's watcher sees the number before the commit
	commit()
	committed := time.Now()
	stacktest.Eventually(t, copies.DefaultTTL, "the write shown by booking-svc", func() bool { return slots() == 1 })
	t.Logf("shown %v after the commit", time.Since(committed).Round(time.Millisecond))
}
