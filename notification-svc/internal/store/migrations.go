// Package store is notification-svc's PostgreSQL repository.
package store

import "embed"

// Migrations are applied in name order into the notification schema at start-up.
//
//go:embed migrations/*.sql
var Migrations embed.FS
