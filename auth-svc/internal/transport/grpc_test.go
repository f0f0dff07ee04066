package transport

import (
	"testing"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/kit"
	"github.com/slotwise/slotwise/platform/kit/kittest"

	"github.com/slotwise/slotwise/auth-svc/internal/auth"
)

// noAuth is a domain that is never reached without panicking.
type noAuth struct{ auth.Service }

// One Set and one server answer every method of both services, GetJWKS
// included, each through its endpoint.
func TestEveryCallThroughItsEndpoint(t *testing.T) {
	kittest.EveryCallThroughItsEndpoint(t, func(middlewares func(string) kit.Middlewares) any {
		return NewGRPCServer(NewSet(noAuth{}, func() *authv1.JWKS { return &authv1.JWKS{} }, middlewares))
	}, &authv1.AuthService_ServiceDesc, &authv1.AuthInternal_ServiceDesc)
}
