package auth

import "context"

// Who a password check or hash is for: the client asking (its address as
// the gateway saw it; empty when unknown) and the account (its id, or the
// address a login names when no account has it). The hasher shares its
// work fairly among them, and wrong passwords are counted per pair
// (guessing.go).
type Who struct {
	Client  string
	Account string
}

type clientKey struct{}

// WithClient is ctx of a call from client (the transport's to set).
func WithClient(ctx context.Context, client string) context.Context {
	return context.WithValue(ctx, clientKey{}, client)
}

// ClientOf is the client WithClient set on ctx (empty: none).
func ClientOf(ctx context.Context) string {
	c, _ := ctx.Value(clientKey{}).(string)
	return c
}

// who is the Who of a call on ctx for account.
func who(ctx context.Context, account string) Who {
	return Who{Client: ClientOf(ctx), Account: account}
}
