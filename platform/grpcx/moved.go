package grpcx

import (
	"context"
	"slices"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The calls only other programs make moved from each public service to its
// internal one ("CatalogService" → "CatalogInternal", the same proto package:
// docs/adr/0067-internal-calls-in-internal-services.md), which changes
// their gRPC names. During the rollout that moves them the previous
// release's programs run beside this one's and call each other, so for this
// one release both names are answered: a server also serves the moved
// methods under the public service's name (WithMovedMethods), and a client
// asks the public name when a server does not know the internal one
// (askOldName). The next release deletes this file.

// WithMovedMethods is public with the methods of internal added, so that a
// caller of the previous release, which asks them under public's name, is
// served by the same handlers. Register it in place of public.
func WithMovedMethods(public, internal *grpc.ServiceDesc) *grpc.ServiceDesc {
	d := *public
	d.Methods = append(slices.Clone(public.Methods), internal.Methods...)
	return &d
}

// askOldName retries a call of an internal service's method that the server
// does not know (a server of the previous release) under the method's old
// name, its public service's.
func askOldName(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	err := invoker(ctx, method, req, reply, cc, opts...)
	if status.Code(err) != codes.Unimplemented {
		return err
	}
	old, ok := oldName(method)
	if !ok {
		return err
	}
	if oldErr := invoker(ctx, old, req, reply, cc, opts...); status.Code(oldErr) != codes.Unimplemented {
		return oldErr
	}
	return err // known under neither name: the server is older still
}

// oldName is "/pkg.XService/M" for "/pkg.XInternal/M".
func oldName(method string) (string, bool) {
	service, name, ok := strings.Cut(strings.TrimPrefix(method, "/"), "/")
	if !ok || !strings.HasSuffix(service, "Internal") {
		return "", false
	}
	return "/" + strings.TrimSuffix(service, "Internal") + "Service/" + name, true
}
