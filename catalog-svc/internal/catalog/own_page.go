package catalog

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/slotwise/slotwise/platform/apperr"
)

// A provider's own services (GET /services/provider) are read a page at a
// time, newest first, from a keyset cursor on (created_at, id): a page is
// one range scan of services_by_provider however many services there are
// (docs/product.md "Paged lists").
const (
	DefaultOwnPageSize = 50
	MaxOwnPageSize     = 100
)

// Messages of a page request: the same words as every paged list.
const (
	MsgInvalidLimit  = "limit must not be negative"
	MsgInvalidCursor = "This list's cursor is not valid: reload the list"
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
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(k.CreatedAt.UnixNano(), 10) + "." + k.ID))
}

// PlanOwnPage checks r: the key to read after (nil: the newest) and the limit.
func PlanOwnPage(r OwnPageRequest) (*OwnKey, int, error) {
	if r.Limit < 0 {
		return nil, 0, apperr.Invalid(MsgInvalidLimit)
	}
	limit := min(r.Limit, MaxOwnPageSize)
	if limit == 0 {
		limit = DefaultOwnPageSize
	}
	if r.Cursor == "" {
		return nil, limit, nil
	}
	bad := apperr.Invalid(MsgInvalidCursor)
	raw, err := base64.RawURLEncoding.DecodeString(r.Cursor)
	if err != nil {
		return nil, 0, bad
	}
	ns, id, ok := strings.Cut(string(raw), ".")
	n, err := strconv.ParseInt(ns, 10, 64)
	if !ok || err != nil || uuid.Validate(id) != nil {
		return nil, 0, bad
	}
	return &OwnKey{CreatedAt: time.Unix(0, n).UTC(), ID: id}, limit, nil
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
