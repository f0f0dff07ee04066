// Package store is the booking service's PostgreSQL repository.
package store

import "embed"

// Migrations are applied in name order into the booking schema at start-up.
//
//go:embed migrations/*.sql
var Migrations embed.FS
