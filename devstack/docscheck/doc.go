// Package docscheck keeps the docs true to the code. Its tests fail when a
// document names a repository path, heading or make target that does not
// exist (paths_test.go, targets_test.go), when the environment variables
// the Go programs read and the ones docs/configuration.md lists differ
// (env_test.go), or when a decision record in docs/adr is out of shape
// (adr_test.go). It has no code of its own; it lives in the devstack module
// because that module's tests run in `make test-go`.
package docscheck
