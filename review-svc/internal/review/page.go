package review

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A list of reviews (a service's, a provider's, a customer's own) is read a
// page at a time, newest first, from a keyset cursor on (created_at, seq): a
// page is one range scan of the list's index (reviews_by_service,
// reviews_by_provider, reviews_by_customer) however many reviews it has.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Messages of a page request.
const (
	MsgInvalidLimit  = "limit must not be negative"
	MsgInvalidCursor = "This list's cursor is not valid: reload the list"
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
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(k.CreatedAt.UnixNano(), 10) + "." + strconv.FormatInt(k.Seq, 10)))
}

// PlanPage checks r: the key to read after (nil: the newest) and the limit.
func PlanPage(r PageRequest) (*PageKey, int, error) {
	if r.Limit < 0 {
		return nil, 0, apperr.Invalid(MsgInvalidLimit)
	}
	limit := min(r.Limit, MaxPageSize)
	if limit == 0 {
		limit = DefaultPageSize
	}
	if r.Cursor == "" {
		return nil, limit, nil
	}
	bad := apperr.Invalid(MsgInvalidCursor)
	raw, err := base64.RawURLEncoding.DecodeString(r.Cursor)
	if err != nil {
		return nil, 0, bad
	}
	ns, seqs, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(ns, 10, 64)
	seq, seqErr := strconv.ParseInt(seqs, 10, 64)
	if !ok || err != nil || seqErr != nil || seq < 0 {
		return nil, 0, bad
	}
	return &PageKey{CreatedAt: time.Unix(0, n).UTC(), Seq: seq}, limit, nil
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
