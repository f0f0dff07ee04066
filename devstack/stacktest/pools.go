package stacktest

import (
	"fmt"
	"net/url"
)

// poolConns caps each program's pool in a test stack. The integration tests
// run side by side (t.Parallel), each with a stack of five programs, on a
// PostgreSQL whose max_connections may be its default 100 (CONTRIBUTING.md
// "Run one test"): five programs at the default 10 each would let two
// stacks and another package's tests exhaust it. Four is enough for what a
// test asks at once; a busier moment waits for a connection, never fails.
const poolConns = 4

// capPools is dbURL with pgxpool's pool_max_conns set, for the programs'
// pools only: plain pgx connections (testkit.MustExec) would send the
// setting to the server, so tests keep the URL without it.
func capPools(dbURL string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return dbURL
	}
	q := u.Query()
	q.Set("pool_max_conns", fmt.Sprint(poolConns))
	u.RawQuery = q.Encode()
	return u.String()
}
