// Package store is the catalog service's PostgreSQL repository.
package store

import "embed"

// Migrations are applied in name order into the catalog schema at start-up.
//
//go:embed migrations/*.sql
var Migrations embed.FS
