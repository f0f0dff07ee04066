// Package store is the auth service's PostgreSQL repository.
package store

import "embed"

// Migrations are applied in name order into the auth schema at start-up.
//
//go:embed migrations/*.sql
var Migrations embed.FS
