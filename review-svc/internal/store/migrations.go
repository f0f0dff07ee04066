// Package store is the review service's PostgreSQL repository.
package store

import "embed"

// Migrations are applied in name order into the review schema at start-up.
//
//go:embed migrations/*.sql
var Migrations embed.FS
