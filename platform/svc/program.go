package svc

import (
	"context"
	"io/fs"
	"time"

	"github.com/slotwise/slotwise/platform/config"
)

// Service is a service's own configuration: it embeds Config (which gives
// it Base) and knows how to wire itself (Spec).
type Service interface {
	Base() Config
	Spec() Spec
}

// Base returns the common part of a service's configuration; a service's
// Config gets it by embedding svc.Config.
func (c Config) Base() Config { return c }

// ProgramFor is the Program of a service whose configuration load reads.
func ProgramFor[S Service](load func(*config.Reader) S) Program {
	return func(r *config.Reader) (Config, Spec, error) {
		s := load(r)
		return s.Base(), s.Spec(), nil
	}
}

// RunService serves s until ctx ends.
func RunService(ctx context.Context, s Service) error { return Run(ctx, s.Base(), s.Spec()) }

// Dir returns the sub-folder dir of an embedded file system (migrations).
func Dir(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("svc: embedded folder " + dir + ": " + err.Error()) // a build-time mistake
	}
	return sub
}

// Clock returns now, or time.Now when now is nil (tests inject a clock).
func Clock(now func() time.Time) func() time.Time {
	if now == nil {
		return time.Now
	}
	return now
}

// BusinessZone is APP_TIMEZONE's default (docs/architecture.md, "Time"),
// for callers that leave a Config's Location unset.
func BusinessZone() *time.Location {
	if loc, err := time.LoadLocation("Asia/Kolkata"); err == nil {
		return loc
	}
	return time.FixedZone("IST", 5*3600+1800)
}
