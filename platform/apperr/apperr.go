// Package apperr is the vocabulary of failures a domain can report: a kind
// (what went wrong, in transport-neutral terms) and a message a user can act
// on. Transports map kinds to status codes in one table (grpcx.ToStatus).
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies a failure.
type Kind int

const (
	KindInternal        Kind = iota // a bug or an outage: never for bad input
	KindInvalid                     // 400: the input breaks a rule
	KindUnauthenticated             // 401: no or bad credentials
	KindForbidden                   // 403: authenticated but not allowed
	KindNotFound                    // 404
	KindConflict                    // 409: the current state forbids it
	KindUnprocessable               // 422: well-formed but inconsistent (e.g. idempotency key reuse)
	KindRateLimited                 // 429
	KindUnavailable                 // 503: a dependency is down
)

// Error is a domain failure with a user-facing message.
type Error struct {
	Kind       Kind
	Message    string
	RetryAfter int // seconds, for KindRateLimited
}

func (e *Error) Error() string { return e.Message }

// New returns an error of kind with message.
func New(kind Kind, message string) *Error { return &Error{Kind: kind, Message: message} }

// Invalid, Forbidden, NotFound, Conflict and Unauthenticated are shorthands.
func Invalid(msg string) *Error         { return New(KindInvalid, msg) }
func Unauthenticated(msg string) *Error { return New(KindUnauthenticated, msg) }
func Forbidden(msg string) *Error       { return New(KindForbidden, msg) }
func NotFound(msg string) *Error        { return New(KindNotFound, msg) }
func Conflict(msg string) *Error        { return New(KindConflict, msg) }

// Invalidf formats an Invalid message.
func Invalidf(format string, args ...any) *Error { return Invalid(fmt.Sprintf(format, args...)) }

// KindOf returns err's kind, KindInternal when it is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}
