// Package pages wires catalog-svc's cache of public answers
// (platform/pagecache) to its writes: every write of this process empties
// the cache after its commit; every other process empties its own when it
// consumes the write's event (catalog-svc/internal/events/pages.go).
package pages
