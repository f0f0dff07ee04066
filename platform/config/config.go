// Package config reads settings from the environment. A Reader collects every
// problem instead of stopping at the first, so a misconfigured process names
// all missing or malformed variables in one message and refuses to start.
package config

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Reader reads environment variables and remembers what was wrong.
type Reader struct {
	lookup func(string) (string, bool)
	errs   []string
}

// FromEnv reads the process environment.
func FromEnv() *Reader { return &Reader{lookup: os.LookupEnv} }

// FromMap reads a fixed map; tests and the devstack use it.
func FromMap(m map[string]string) *Reader {
	return &Reader{lookup: func(k string) (string, bool) { v, ok := m[k]; return v, ok }}
}

func (r *Reader) get(name string) (string, bool) {
	v, ok := r.lookup(name)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}

// Required returns the variable or records that it is missing.
func (r *Reader) Required(name string) string {
	v, ok := r.get(name)
	if !ok {
		r.errs = append(r.errs, name+" is required but not set")
	}
	return v
}

// String returns the variable or def when unset.
func (r *Reader) String(name, def string) string {
	if v, ok := r.get(name); ok {
		return v
	}
	return def
}

// List splits a comma-separated variable, dropping empty items.
func (r *Reader) List(name string, def []string) []string {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Int returns the variable as an int or def when unset.
func (r *Reader) Int(name string, def int) int {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		r.errs = append(r.errs, fmt.Sprintf("%s must be a whole number, got %q", name, v))
	}
	return n
}

// Duration returns the variable parsed by time.ParseDuration or def.
func (r *Reader) Duration(name string, def time.Duration) time.Duration {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		r.errs = append(r.errs, fmt.Sprintf("%s must be a duration such as 500ms or 2s, got %q", name, v))
	}
	return d
}

// Location returns the time zone named by the variable or def.
func (r *Reader) Location(name, def string) *time.Location {
	v := r.String(name, def)
	loc, err := time.LoadLocation(v)
	if err != nil {
		r.errs = append(r.errs, fmt.Sprintf("%s must be an IANA time zone such as Asia/Kolkata, got %q", name, v))
		return time.UTC
	}
	return loc
}

// Check records a problem found by the caller's own validation.
func (r *Reader) Check(ok bool, problem string) {
	if !ok {
		r.errs = append(r.errs, problem)
	}
}

// Err returns every recorded problem as one error, or nil.
func (r *Reader) Err() error {
	if len(r.errs) == 0 {
		return nil
	}
	return errors.New("configuration: " + strings.Join(r.errs, "; "))
}
