package rest

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/slotwise/slotwise/platform/grpcx"
)

// errorBody is the one error shape of the API.
type errorBody struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
	Message string `json:"message"`
}

// WriteError writes the error shape with status code.
func WriteError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(errorBody{Success: false, Error: msg, Message: msg})
}

// errorHandler turns a gRPC status into the error shape with a truthful
// HTTP status: grpc-gateway's code table, refined by the ErrorInfo the
// services attach (422, Retry-After). A server fault no service has logged
// (grpcx.LoggedTrailer) is logged here, so every failed request is logged
// once: a service down or unreachable, a deadline passed on the way, a
// fault of the gateway itself.
func errorHandler(log *slog.Logger) runtime.ErrorHandlerFunc {
	return func(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
		if grpcx.ServerFault(status.Code(err)) && !grpcx.Logged(err) {
			method, ok := runtime.RPCMethod(ctx)
			if !ok {
				method = r.Method + " " + r.URL.Path
			}
			log.ErrorContext(ctx, "request failed", "method", method, "err", err.Error())
		}
		handleError(ctx, w, err)
	}
}

func handleError(ctx context.Context, w http.ResponseWriter, err error) {
	st := status.Convert(err)
	code := runtime.HTTPStatusFromCode(st.Code())
	msg := st.Message()
	if st.Code() == codes.InvalidArgument && st.Message() == bodyTooLargeMsg {
		code = http.StatusRequestEntityTooLarge
	}
	if st.Code() == codes.InvalidArgument {
		if m, ok := queryParamMessage(msg); ok {
			msg = m
		}
	}
	for _, d := range st.Details() {
		info, ok := d.(*errdetails.ErrorInfo)
		if !ok {
			continue
		}
		if s, err := strconv.Atoi(info.Metadata[grpcx.HTTPStatusKey]); err == nil {
			code = s
		}
		if ra := info.Metadata[grpcx.RetryAfterKey]; ra != "" {
			w.Header().Set("Retry-After", ra)
		}
	}
	switch st.Code() {
	case codes.Unavailable:
		msg = "A backend service is unavailable, please try again shortly"
	case codes.Internal, codes.Unknown, codes.DataLoss:
		msg = "Internal server error"
	case codes.DeadlineExceeded:
		msg = "The request timed out, please try again"
	}
	if md, ok := runtime.ServerMetadataFromContext(ctx); ok {
		for k, vs := range md.HeaderMD {
			if k == "retry-after" && len(vs) > 0 {
				w.Header().Set("Retry-After", vs[0])
			}
		}
	}
	WriteError(w, code, msg)
}

// handleRoutingError keeps 404 and 405 truthful (the stock handler reports
// 405 as 501) and in the error shape.
func handleRoutingError(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	switch httpStatus {
	case http.StatusMethodNotAllowed:
		WriteError(w, http.StatusMethodNotAllowed, "Method "+r.Method+" is not allowed on "+r.URL.Path)
	case http.StatusNotFound:
		WriteError(w, http.StatusNotFound, "No route for "+r.Method+" "+r.URL.Path)
	default:
		WriteError(w, httpStatus, http.StatusText(httpStatus))
	}
}
