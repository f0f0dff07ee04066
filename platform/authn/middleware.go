package authn

import (
	"context"
	"strings"

	"github.com/go-kit/kit/endpoint"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"google.golang.org/grpc/metadata"

	"github.com/slotwise/slotwise/platform/identity"
	"github.com/slotwise/slotwise/platform/telemetry"
)

type tokenKey struct{}
type callerKey struct{}

// TokenToContext is a go-kit gRPC ServerRequestFunc (ServerBefore): it hands
// the call's bearer token, if any, to the endpoint layer, as go-kit's
// auth/jwt GRPCToContext does. Verifying it is Middleware's job, so public
// endpoints never pay for (or fail on) a stale token.
func TokenToContext(ctx context.Context, md metadata.MD) context.Context {
	if v := md.Get("authorization"); len(v) > 0 {
		return context.WithValue(ctx, tokenKey{}, v[0])
	}
	return ctx
}

// Middleware refuses a call without a valid bearer token (401: ErrNoToken,
// ErrBadToken) and hands the verified caller on to the endpoint (CallerFrom);
// the call's span gets the caller's user.id and user.roles.
func Middleware(v *Verifier) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, req any) (any, error) {
			c, err := authenticate(ctx, v)
			if err != nil {
				return nil, err
			}
			telemetry.Annotate(ctx, semconv.UserID(c.UserID), semconv.UserRoles(c.Role))
			return next(context.WithValue(ctx, callerKey{}, c), req)
		}
	}
}

// CallerFrom returns the caller Middleware verified for this call; ok is
// false when the endpoint is not behind Middleware.
func CallerFrom(ctx context.Context) (c identity.Caller, ok bool) {
	c, ok = ctx.Value(callerKey{}).(identity.Caller)
	return c, ok
}

func authenticate(ctx context.Context, v *Verifier) (identity.Caller, error) {
	header, _ := ctx.Value(tokenKey{}).(string)
	header = strings.TrimSpace(header)
	if header == "" {
		return identity.Caller{}, ErrNoToken
	}
	token, ok := strings.CutPrefix(header, "Bearer ")
	if !ok {
		token, ok = strings.CutPrefix(header, "bearer ")
	}
	if token = strings.TrimSpace(token); !ok || token == "" {
		return identity.Caller{}, ErrBadToken
	}
	return v.Verify(ctx, token)
}
