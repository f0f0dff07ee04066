// Package grpcx bootstraps gRPC servers and clients the same way in every
// program: OpenTelemetry stats handlers, panic recovery, the standard health
// service, and one table from domain errors to codes.
package grpcx

import (
	"context"
	"errors"
	"strconv"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/slotwise/slotwise/platform/apperr"
)

// HTTPStatusKey is the ErrorInfo metadata key the gateway reads when a gRPC
// code alone cannot say the HTTP status (422).
const HTTPStatusKey = "http_status"

// RetryAfterKey carries the seconds a rate-limited client should wait.
const RetryAfterKey = "retry_after"

var codeOf = map[apperr.Kind]codes.Code{
	apperr.KindInvalid:         codes.InvalidArgument,
	apperr.KindUnauthenticated: codes.Unauthenticated,
	apperr.KindForbidden:       codes.PermissionDenied,
	apperr.KindNotFound:        codes.NotFound,
	apperr.KindConflict:        codes.AlreadyExists,
	apperr.KindUnprocessable:   codes.FailedPrecondition,
	apperr.KindRateLimited:     codes.ResourceExhausted,
	apperr.KindUnavailable:     codes.Unavailable,
}

// ToStatus turns an error into the gRPC status the client gets: the one
// table from domain errors (apperr kinds) to codes. Errors that are not
// domain errors become Internal with a generic message: their text may hold
// internals and is logged (kit.Logging), not sent.
func ToStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok && !isDomain(err) {
		return err // already a status (e.g. from a downstream call)
	}
	if errors.Is(err, context.Canceled) {
		return status.Error(codes.Canceled, "request cancelled")
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return status.Error(codes.DeadlineExceeded, "request timed out")
	}
	var de *apperr.Error
	if !errors.As(err, &de) {
		return status.Error(codes.Internal, "Internal server error")
	}
	code, ok := codeOf[de.Kind]
	if !ok {
		return status.Error(codes.Internal, "Internal server error")
	}
	st := status.New(code, de.Message)
	meta := map[string]string{}
	if de.Kind == apperr.KindUnprocessable {
		meta[HTTPStatusKey] = "422"
	}
	if de.RetryAfter > 0 {
		meta[RetryAfterKey] = strconv.Itoa(de.RetryAfter)
	}
	if len(meta) > 0 {
		if withInfo, err := st.WithDetails(&errdetails.ErrorInfo{Reason: "SLOTWISE", Domain: "slotwise", Metadata: meta}); err == nil {
			st = withInfo
		}
	}
	return st.Err()
}

// ServerFault reports whether a call that ends with code failed on the
// server's side (the gateway answers 5xx), not by the caller's doing: the
// failures logged at error level.
func ServerFault(code codes.Code) bool {
	switch code {
	case codes.Internal, codes.Unknown, codes.DataLoss, codes.Unavailable, codes.DeadlineExceeded:
		return true
	}
	return false
}

// Code is the gRPC code ToStatus gives err (OK for nil).
func Code(err error) codes.Code { return status.Code(ToStatus(err)) }

func isDomain(err error) bool {
	var de *apperr.Error
	return errors.As(err, &de)
}

// HTTPCodeHeader is the response header metadata a service sets to ask the
// gateway for a success status other than 200 (e.g. 201 Created).
const HTTPCodeHeader = "x-http-code"

// ClientIPKey is the metadata key the gateway fills with the caller's IP.
const ClientIPKey = "x-client-ip"
