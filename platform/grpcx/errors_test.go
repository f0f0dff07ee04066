package grpcx

import (
	"errors"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/slotwise/slotwise/platform/apperr"
)

func TestToStatus(t *testing.T) {
	cases := []struct {
		err  error
		code codes.Code
		msg  string
	}{
		{apperr.Invalid("Service name is required"), codes.InvalidArgument, "Service name is required"},
		{apperr.Forbidden("not yours"), codes.PermissionDenied, "not yours"},
		{apperr.NotFound("gone"), codes.NotFound, "gone"},
		{apperr.Conflict("taken"), codes.AlreadyExists, "taken"},
		{apperr.Unauthenticated("who"), codes.Unauthenticated, "who"},
		{apperr.Unauthenticated("Authentication required: please log in"), codes.Unauthenticated, "Authentication required: please log in"},
		{errors.New("pq: secret internals"), codes.Internal, "Internal server error"},
	}
	for _, c := range cases {
		st := status.Convert(ToStatus(c.err))
		if st.Code() != c.code || st.Message() != c.msg {
			t.Errorf("%v → %v %q, want %v %q", c.err, st.Code(), st.Message(), c.code, c.msg)
		}
	}
	st := status.Convert(ToStatus(apperr.New(apperr.KindUnprocessable, "key reused")))
	info := st.Details()[0].(*errdetails.ErrorInfo)
	if info.Metadata[HTTPStatusKey] != "422" {
		t.Fatalf("422 not carried: %v", info.Metadata)
	}
}
