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
	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	"github.com/slotwise/slotwise/platform/grpcx"
	"github.com/slotwise/slotwise/platform/metrics"
)

// Messages of DELETE /auth/account (docs/product.md "Your data").
const (
	MsgDeleteSignIn        = "Sign in to delete your account"
	MsgDeleteBody          = `Send your password as {"password": "..."}`
	MsgCancelUpcomingFirst = "Cancel your upcoming bookings first"
)

// deleteAccountTimeout bounds the two calls of a deletion.
const deleteAccountTimeout = 10 * time.Second

// deleteAccountHandler serves DELETE /auth/account: a provider with
// upcoming bookings is refused (booking-svc's HasUpcoming, one indexed
// existence query, asked about the caller's own id), then auth-svc checks the password and deletes the account
// (auth_internal.proto DeleteAccount). grpc-gateway binds no body on DELETE, so the
// route is the gateway's own, like GET /auth/export.
func deleteAccountHandler(b Backends, trustedProxies int, log *slog.Logger) http.Handler {
	auth := authv1.NewAuthServiceClient(b.Auth)
	authInternal := authv1.NewAuthInternalClient(b.Auth)
	booking := bookingv1.NewBookingInternalClient(b.Booking)
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
		profile, err := auth.GetProfile(ctx, &authv1.GetProfileRequest{})
		if err != nil {
			fail(err)
			return
		}
		if profile.GetUser().GetRole() == "provider" {
			up, err := booking.HasUpcoming(ctx, &bookingv1.HasUpcomingRequest{ProviderId: profile.GetUser().GetId()})
			if err != nil {
				fail(err)
				return
			}
			if up.GetUpcoming() {
				WriteError(w, http.StatusConflict, MsgCancelUpcomingFirst)
				return
			}
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
