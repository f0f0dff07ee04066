package review

import (
	"strconv"
	"time"

	"github.com/slotwise/slotwise/platform/paging"
)

// A list of reviews (a service's, a provider's, a customer's own) is read a
// page at a time, newest first, from a keyset cursor on (created_at, seq): a
// page is one range scan of the list's index (reviews_by_service,
// reviews_by_provider, reviews_by_customer) however many reviews it has.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Messages of a page request (platform/paging's, the same on every list).
const (
	MsgInvalidLimit  = paging.MsgInvalidLimit
	MsgInvalidCursor = paging.MsgInvalidCursor
)

// PageRequest asks for one page: Cursor "" is the newest.
type PageRequest struct {
	Cursor string
	Limit  int
}

// Page is one page of reviews, newest first; Next reads the older ones
// ("" when there are none).
type Page struct {
	Reviews []Review
	Next    string
}

// ProviderPage is a page of a provider's reviews with the count and
// average rating of all of them (the page alone would misstate them).
type ProviderPage struct {
	Page
	Summary Stats
}

// PageKey is a place in the order (created_at, seq), descending; nil is
// before the newest.
type PageKey struct {
	CreatedAt time.Time
	Seq       int64
}

func encodeCursor(k PageKey) string {
	return paging.Encode(paging.Nanos(k.CreatedAt), strconv.FormatInt(k.Seq, 10))
}

// PlanPage checks r: the key to read after (nil: the newest) and the limit.
func PlanPage(r PageRequest) (*PageKey, int, error) {
	limit, err := paging.Limit(r.Limit, DefaultPageSize, MaxPageSize)
	if err != nil || r.Cursor == "" {
		return nil, limit, err
	}
	parts, err := paging.Decode(r.Cursor, 2)
	if err != nil {
		return nil, 0, err
	}
	at, err := paging.ParseNanos(parts[0])
	seq, seqErr := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || seqErr != nil || seq < 0 {
		return nil, 0, paging.Invalid()
	}
	return &PageKey{CreatedAt: at, Seq: seq}, limit, nil
}

// BuildPage makes the page from up to limit+1 rows read after the key.
func BuildPage(rows []Review, limit int) Page {
	if len(rows) <= limit {
		return Page{Reviews: rows}
	}
	rows = rows[:limit]
	last := rows[len(rows)-1]
	return Page{Reviews: rows, Next: encodeCursor(PageKey{CreatedAt: last.CreatedAt, Seq: last.Seq})}
}
