package authn

import (
	"context"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// UnaryInterceptor verifies the bearer token of every call, if any, and
// stores the outcome for FromContext. It rejects nothing itself: public
// calls ignore a missing or stale token, protected calls refuse it.
func UnaryInterceptor(v *Verifier) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		return handler(Authenticate(ctx, v), req)
	}
}

// Authenticate verifies the bearer token in ctx's incoming metadata.
func Authenticate(ctx context.Context, v *Verifier) context.Context {
	vals := metadata.ValueFromIncomingContext(ctx, "authorization")
	if len(vals) == 0 || strings.TrimSpace(vals[0]) == "" {
		return WithResult(ctx, Claims{}, ErrNoToken)
	}
	token, ok := strings.CutPrefix(strings.TrimSpace(vals[0]), "Bearer ")
	if !ok {
		token, ok = strings.CutPrefix(strings.TrimSpace(vals[0]), "bearer ")
	}
	if !ok || strings.TrimSpace(token) == "" {
		return WithResult(ctx, Claims{}, ErrBadToken)
	}
	c, err := v.Verify(ctx, strings.TrimSpace(token))
	return WithResult(ctx, c, err)
}
