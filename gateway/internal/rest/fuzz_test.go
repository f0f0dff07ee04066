package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	authv1 "github.com/slotwise/slotwise/api/gen/auth/v1"
	bookingv1 "github.com/slotwise/slotwise/api/gen/booking/v1"
	catalogv1 "github.com/slotwise/slotwise/api/gen/catalog/v1"
	reviewv1 "github.com/slotwise/slotwise/api/gen/review/v1"
)

// requestTypes are the request messages of every RPC the gateway serves.
func requestTypes(t testing.TB) []protoreflect.MessageType {
	var out []protoreflect.MessageType
	for _, file := range []protoreflect.FileDescriptor{authv1.File_slotwise_auth_v1_auth_proto,
		catalogv1.File_slotwise_catalog_v1_catalog_proto, bookingv1.File_slotwise_booking_v1_booking_proto,
		reviewv1.File_slotwise_review_v1_review_proto} {
		for i := range file.Services().Len() {
			methods := file.Services().Get(i).Methods()
			for j := range methods.Len() {
				mt, err := protoregistry.GlobalTypes.FindMessageByName(methods.Get(j).Input().FullName())
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, mt)
			}
		}
	}
	return out
}

// FuzzDecodeRequest decodes any body as any request of the API, as the
// gateway does. Whatever it accepts holds no NUL, encodes, and decodes back
// to the same message; whatever it refuses is a body error (a 400 or a 413),
// never a failure that would surface as a 500.
func FuzzDecodeRequest(f *testing.F) {
	types := requestTypes(f)
	seeds := []string{`{}`, `{"email":"a@b.co","password":"secret1","role":"customer"}`, `{"timeSlots":["09:00",5]}`,
		`{"isActive":false}`, `{"price":"NaN","duration":1e999}`, `{"businessInfo":{"experience":"Infinity"}}`,
		`{"rating":5,"comment":"\u0000"}`, `{"a":` + strings.Repeat(`[`, 200), "\xef\xbb\xbf{}", `{"email":"\ud800"}`, ``}
	for i, s := range seeds {
		f.Add(uint(i), []byte(s))
	}
	m := newJSONMarshaler()
	f.Fuzz(func(t *testing.T, which uint, body []byte) {
		mt := types[which%uint(len(types))]
		msg := mt.New().Interface()
		err := m.NewDecoder(bytes.NewReader(body)).Decode(msg)
		if errors.Is(err, io.EOF) {
			return // an empty body: grpc-gateway takes it as {}
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "Invalid request body") && err != errInvalidText && err != errBodyTooLarge {
				t.Fatalf("%s: unexpected error %v", mt.Descriptor().FullName(), err)
			}
			return
		}
		if hasNUL(msg.ProtoReflect()) {
			t.Fatalf("%s: accepted a NUL", mt.Descriptor().FullName())
		}
		out, err := m.Marshal(msg)
		if err != nil {
			t.Fatalf("%s: accepted %q but cannot encode it: %v", mt.Descriptor().FullName(), body, err)
		}
		if !json.Valid(out) {
			t.Fatalf("%s: encodes as invalid JSON %q", mt.Descriptor().FullName(), out)
		}
		back := mt.New().Interface()
		if err := m.NewDecoder(bytes.NewReader(out)).Decode(back); err != nil || !proto.Equal(msg, back) {
			t.Fatalf("%s: %q → %q does not decode back: %v", mt.Descriptor().FullName(), body, out, err)
		}
	})
}

// FuzzIsJSON: only application/json, at most with a UTF-8 charset, passes.
func FuzzIsJSON(f *testing.F) {
	for _, s := range []string{"application/json", "application/json; charset=utf-8", "text/plain", "application/json;charset=\"UTF-8\"", "application/json; x=y", ";", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ct string) {
		if !IsJSON(ct) {
			return
		}
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" || len(params) > 1 || (len(params) == 1 && !strings.EqualFold(params["charset"], "utf-8")) {
			t.Fatalf("IsJSON(%q) accepted", ct)
		}
	})
}
