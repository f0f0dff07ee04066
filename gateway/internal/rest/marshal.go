// Package rest is the REST edge: grpc-gateway translation plus the HTTP
// concerns docs/architecture.md#rest-conventions lists (error shape, CORS, body limit, rate limits,
// health). It holds no business logic.
package rest

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// jsonMarshaler prints the contract's JSON: declared field names (`_id`),
// false/0/[] present, compact output (protojson randomly adds spaces), and
// unknown input fields ignored.
type jsonMarshaler struct {
	*runtime.JSONPb
}

func newJSONMarshaler() jsonMarshaler {
	return jsonMarshaler{JSONPb: &runtime.JSONPb{
		MarshalOptions:   protojson.MarshalOptions{EmitUnpopulated: true},
		UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: true},
	}}
}

func (m jsonMarshaler) Marshal(v any) ([]byte, error) {
	b, err := m.JSONPb.Marshal(v)
	if err != nil {
		return nil, err
	}
	return dropCommaSpaces(b), nil
}

// dropCommaSpaces compacts protojson's single-line output in place. The
// only whitespace it writes between tokens is the space it may add after
// every comma to keep callers from relying on its bytes (prepareNext in
// google.golang.org/protobuf/internal/encoding/json). This pass removes
// just that, outside strings; json.Compact, which re-validated the whole
// document, was an eighth of the gateway's CPU on a 500-service listing.
func dropCommaSpaces(b []byte) []byte {
	out := b[:0]
	inString, escaped := false, false
	var last byte
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' && last == ',':
			continue
		}
		out = append(out, c)
		last = c
	}
	return out
}

// NewDecoder reads a request body into its message with one protojson pass
// (grpc-gateway's own decoder scans it with encoding/json first, then hands
// the bytes to protojson). Anything after the JSON value is an error, not
// ignored. An empty body is io.EOF, which grpc-gateway takes as "{}".
func (m jsonMarshaler) NewDecoder(r io.Reader) runtime.Decoder {
	return runtime.DecoderFunc(func(v any) error {
		msg, ok := v.(proto.Message)
		if !ok {
			if err := m.JSONPb.NewDecoder(r).Decode(v); err != nil {
				return bodyError(err)
			}
			return checkText(v)
		}
		body, err := io.ReadAll(r)
		if err != nil {
			return bodyError(err)
		}
		if len(bytes.TrimSpace(body)) == 0 {
			return io.EOF
		}
		if err := m.UnmarshalOptions.Unmarshal(body, msg); err != nil {
			return bodyError(err)
		}
		return checkText(v)
	})
}

// bodyError turns a decoding failure into the message the client sees.
func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, io.EOF):
		return err // an empty body, which grpc-gateway takes as "{}"
	case errors.As(err, &tooBig):
		return errBodyTooLarge
	}
	return errors.New("Invalid request body: " + friendly(err))
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
