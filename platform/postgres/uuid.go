package postgres

// IsUUID reports whether s is a canonical 8-4-4-4-12 hex UUID. Repositories
// check ids from requests with it first, so a malformed id is "not found"
// rather than a database error.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'):
		default:
			return false
		}
	}
	return true
}
