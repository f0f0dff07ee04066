package rest

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"google.golang.org/grpc/status"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
)

// Messages of DELETE /auth/account (docs/product.md "Your data").
const (
	MsgDeleteSignIn = "Sign in to delete your account"
	MsgDeleteBody   = `Send your password as {"password": "..."}`
)

// deleteAccountTimeout bounds the deletion's call.
const deleteAccountTimeout = 10 * time.Second

// deleteAccountHandler serves DELETE /auth/account: auth-svc checks the
// password and closes the account (auth_internal.proto DeleteAccount);
// what becomes of its bookings is booking-svc's, which owns them, on the
// account_closing event (docs/product.md "Your data"). The gateway checks
// nothing of its own. grpc-gateway binds no body on DELETE, so the route
// is the gateway's own, like GET /auth/export.
func deleteAccountHandler(b Backends, trustedProxies int, log *slog.Logger) http.Handler {
	authInternal := authv1.NewAuthInternalClient(b.Auth)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		metrics.SetRoute(r.Context(), "/auth/account")
		token := r.Header.Get("Authorization")
		if token == "" {
			WriteError(w, http.StatusUnauthorized, MsgDeleteSignIn)
			return
		}
		var body struct {
			Password *string `json:"password"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				WriteError(w, http.StatusRequestEntityTooLarge, bodyTooLargeMsg)
				return
			}
			WriteError(w, http.StatusBadRequest, MsgDeleteBody)
			return
		}
		ctx, cancel := context.WithTimeout(callerContext(r, token, trustedProxies), deleteAccountTimeout)
		defer cancel()
		fail := func(err error) {
			if grpcx.ServerFault(status.Code(err)) && !grpcx.Logged(err) {
				log.ErrorContext(ctx, "request failed", "method", "DELETE /auth/account", "err", err.Error())
			}
			handleError(ctx, w, err)
		}
		password := ""
		if body.Password != nil {
			password = *body.Password
		}
		res, err := authInternal.DeleteAccount(ctx, &authv1.DeleteAccountRequest{Password: password})
		if err != nil {
			fail(err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"success": true, "message": res.GetMessage()})
	})
}
