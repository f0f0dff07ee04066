package rest

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	errorsv1 "github.com/slotwise/slotwise/api/gen/errors/v1"
)

// The OpenAPI document describes every failure as slotwise.errors.v1.Error
// (api/proto/slotwise/errors/v1/errors.proto); the body WriteError writes
// must have exactly its fields, or the generated web client reads the wrong
// keys.
func TestErrorBodyMatchesContract(t *testing.T) {
	rec := httptest.NewRecorder()
	WriteError(rec, 409, "That slot is already booked")
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	var written []string
	for k := range body {
		written = append(written, k)
	}
	var declared []string
	fields := (&errorsv1.Error{}).ProtoReflect().Descriptor().Fields()
	for i := range fields.Len() {
		declared = append(declared, fields.Get(i).JSONName())
	}
	slices.Sort(written)
	slices.Sort(declared)
	if !slices.Equal(written, declared) {
		t.Fatalf("error body keys %v, contract declares %v", written, declared)
	}
	if fields.ByJSONName("success").Kind() != protoreflect.BoolKind || body["success"] != false {
		t.Fatalf("success must be a false boolean: %v", body["success"])
	}
}
