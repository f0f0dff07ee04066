package catalog

import (
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/paging"
)

// A provider's own services (GET /services/provider) are read a page at a
// time, newest first, from a keyset cursor on (created_at, id): a page is
// one range scan of services_by_provider however many services there are
// (docs/product.md "Paged lists").
const (
	DefaultOwnPageSize = 50
	MaxOwnPageSize     = 100
)

// Messages of a page request (platform/paging's, the same on every list).
const (
	MsgInvalidLimit  = paging.MsgInvalidLimit
	MsgInvalidCursor = paging.MsgInvalidCursor
)

// OwnPageRequest asks for one page: Cursor "" is the newest.
type OwnPageRequest struct {
	Cursor string
	Limit  int
}

// OwnPage is one page of a provider's services, newest first; Next reads
// the older ones ("" when there are none).
type OwnPage struct {
	Services []Offering
	Next     string
}

// OwnKey is a place in the order (created_at, id), descending.
type OwnKey struct {
	CreatedAt time.Time
	ID        string
}

func encodeOwnCursor(k OwnKey) string {
	return paging.Encode(paging.Nanos(k.CreatedAt), k.ID)
}

// PlanOwnPage checks r: the key to read after (nil: the newest) and the limit.
func PlanOwnPage(r OwnPageRequest) (*OwnKey, int, error) {
	limit, err := paging.Limit(r.Limit, DefaultOwnPageSize, MaxOwnPageSize)
	if err != nil || r.Cursor == "" {
		return nil, limit, err
	}
	parts, err := paging.Decode(r.Cursor, 2)
	if err != nil {
		return nil, 0, err
	}
	at, err := paging.ParseNanos(parts[0])
	if err != nil || uuid.Validate(parts[1]) != nil {
		return nil, 0, paging.Invalid()
	}
	return &OwnKey{CreatedAt: at, ID: parts[1]}, limit, nil
}

// BuildOwnPage makes the page from up to limit+1 rows read after the key.
func BuildOwnPage(rows []Offering, limit int) OwnPage {
	if len(rows) <= limit {
		return OwnPage{Services: rows}
	}
	rows = rows[:limit]
	last := rows[len(rows)-1]
	return OwnPage{Services: rows, Next: encodeOwnCursor(OwnKey{CreatedAt: last.CreatedAt, ID: last.ID})}
}
