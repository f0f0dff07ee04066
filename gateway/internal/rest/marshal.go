// Package rest is the REST edge: grpc-gateway translation plus the HTTP
// concerns design.md §3 lists (error shape, CORS, body limit, rate limits,
// health). It holds no business logic.
package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/encoding/protojson"
)

// jsonMarshaler prints the contract's JSON: declared field names (`_id`),
// false/0/[] present, compact output (protojson randomly adds spaces), and
// unknown input fields ignored.
type jsonMarshaler struct{ *runtime.JSONPb }

func newJSONMarshaler() jsonMarshaler {
	return jsonMarshaler{&runtime.JSONPb{
		MarshalOptions:   protojson.MarshalOptions{EmitUnpopulated: true},
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: true},
	}}
}

func (m jsonMarshaler) Marshal(v any) ([]byte, error) {
	b, err := m.JSONPb.Marshal(v)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b, nil
	}
	return buf.Bytes(), nil
}

func (m jsonMarshaler) NewDecoder(r io.Reader) runtime.Decoder {
	inner := m.JSONPb.NewDecoder(r)
	return runtime.DecoderFunc(func(v any) error {
		err := inner.Decode(v)
		if err == nil {
			return checkText(v)
		}
		if errors.Is(err, io.EOF) {
			return err
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errBodyTooLarge
		}
		return errors.New("Invalid request body: " + friendly(err))
	})
}

// errBodyTooLarge is wrapped by grpc-gateway into InvalidArgument; the error
// handler recognises its message and answers 413.
var errBodyTooLarge = errors.New(bodyTooLargeMsg)

const bodyTooLargeMsg = "Request body is too large (limit 1 MiB)"

// friendly trims protojson's prefixes so the client sees which field was wrong.
func friendly(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "): "); i >= 0 && strings.HasPrefix(msg, "proto:") {
		msg = msg[i+3:]
	}
	msg = strings.TrimPrefix(msg, "proto: ")
	return strings.ReplaceAll(msg, "\u00a0", " ")
}
