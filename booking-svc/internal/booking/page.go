package booking

import (
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/paging"
)

// A list of appointments is read a page at a time, in the order
// (starts_at, id), with a keyset cursor: a page costs one index range
// scan however long the history (docs/product.md "The API").
const (
	// DefaultPageSize is a page when the request names no limit; MaxPageSize
	// caps a larger limit.
	DefaultPageSize = 50
	MaxPageSize     = 100
	// RecentWindow is how far back the first page starts: a screen shows
	// what is upcoming and the last 30 days, and asks for older pages.
	RecentWindow = 30 * 24 * time.Hour
	// MaxFeedEvents bounds a calendar feed: the window's first that many.
	MaxFeedEvents = 1000
)

// Messages of a page request (platform/paging's, the same on every list).
const (
	MsgInvalidLimit  = paging.MsgInvalidLimit
	MsgInvalidCursor = paging.MsgInvalidCursor
)

// PageRequest asks for one page: Cursor "" is the window's first.
type PageRequest struct {
	Cursor string
	Limit  int
}

// Page is one page of appointments, soonest first. Next reads the later
// ones, Earlier the older ones; "" when there are none.
type Page struct {
	Appointments  []Appointment
	Next, Earlier string
}

// PageKey is a place in the order (starts_at, id).
type PageKey struct {
	StartsAt time.Time
	ID       string
}

// PageQuery is what a repository reads: up to Limit appointments after
// From in the order (Backward: before it, latest first).
type PageQuery struct {
	From     PageKey
	Backward bool
	Limit    int
}

// zeroID sorts before every appointment id: a key at the window's start
// with it puts every appointment of that instant after it.
const zeroID = "00000000-0000-0000-0000-000000000000"

// cursor is the opaque form of a key and its direction: "a" (after) or
// "b" (before), the start in Unix nanoseconds, and the id, base64url.
func encodeCursor(k PageKey, backward bool) string {
	dir := "a"
	if backward {
		dir = "b"
	}
	return paging.Encode(dir, paging.Nanos(k.StartsAt), k.ID)
}

func decodeCursor(s string) (PageQuery, error) {
	parts, err := paging.Decode(s, 3)
	if err != nil {
		return PageQuery{}, err
	}
	at, err := paging.ParseNanos(parts[1])
	if err != nil || (parts[0] != "a" && parts[0] != "b") || uuid.Validate(parts[2]) != nil {
		return PageQuery{}, paging.Invalid()
	}
	return PageQuery{From: PageKey{StartsAt: at, ID: parts[2]}, Backward: parts[0] == "b"}, nil
}

// PagePlan is the query a page request makes, checked; First is the
// window's first page (its Earlier needs a look before the window).
type PagePlan struct {
	Query PageQuery
	First bool
}

// PlanPage checks r and says what to read at now.
func PlanPage(r PageRequest, now time.Time) (PagePlan, error) {
	limit, err := paging.Limit(r.Limit, DefaultPageSize, MaxPageSize)
	if err != nil {
		return PagePlan{}, err
	}
	if r.Cursor == "" {
		start := now.Add(-RecentWindow).UTC()
		return PagePlan{Query: PageQuery{From: PageKey{StartsAt: start, ID: zeroID}, Limit: limit}, First: true}, nil
	}
	q, err := decodeCursor(r.Cursor)
	if err != nil {
		return PagePlan{}, err
	}
	q.Limit = limit
	return PagePlan{Query: q}, nil
}

// ReadPlan asks the repository for one more row than the page holds (to
// know whether there is a next one).
func (p PagePlan) ReadPlan() PageQuery {
	q := p.Query
	q.Limit++
	return q
}

// BuildPage makes the page from rows, as read by ReadPlan's query (latest
// first when backward); olderExists says, for a first page, whether any
// appointment starts before the window.
func (p PagePlan) BuildPage(rows []Appointment, olderExists bool) Page {
	q := p.Query
	more := len(rows) > q.Limit
	if more {
		rows = rows[:q.Limit]
	}
	if q.Backward {
		slices.Reverse(rows)
	}
	page := Page{Appointments: rows}
	if len(rows) == 0 {
		// Nothing there: only the way back to where the reader came from.
		switch {
		case p.First && olderExists:
			page.Earlier = encodeCursor(q.From, true)
		case !p.First && q.Backward:
			page.Next = encodeCursor(q.From, false)
		case !p.First:
			page.Earlier = encodeCursor(q.From, true)
		}
		return page
	}
	first, last := keyOf(rows[0]), keyOf(rows[len(rows)-1])
	if q.Backward {
		// The reader came from later ones: they exist.
		page.Next = encodeCursor(last, false)
		if more {
			page.Earlier = encodeCursor(first, true)
		}
		return page
	}
	if more {
		page.Next = encodeCursor(last, false)
	}
	if !p.First || olderExists {
		page.Earlier = encodeCursor(first, true)
	}
	return page
}

func keyOf(a Appointment) PageKey { return PageKey{StartsAt: a.StartsAt.UTC(), ID: a.ID} }
