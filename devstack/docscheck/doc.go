// Package docscheck keeps the docs true to the code: its tests fail when a
// document names a repository path that does not exist, or when the
// environment variables the Go programs read and the ones
// docs/configuration.md lists differ. It has no code of its own; it lives in
// the devstack module because that module's tests run in `make test-go`.
package docscheck
