package rest

import (
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// msgInvalidText answers text the back end cannot carry: gRPC strings must be
// valid UTF-8 and PostgreSQL text cannot hold NUL, so either would otherwise
// surface as a 500.
const msgInvalidText = "The request contains invalid characters"

func badText(s string) bool { return !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 }

// validText refuses a path or query with invalid UTF-8 or NUL with 400.
func validText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bad := badText(r.URL.Path)
		for k, vs := range r.URL.Query() {
			bad = bad || badText(k)
			for _, v := range vs {
				bad = bad || badText(v)
			}
		}
		if bad {
			WriteError(w, http.StatusBadRequest, msgInvalidText)
			return
		}
		next.ServeHTTP(w, r)
	})
}

var errInvalidText = errors.New(msgInvalidText)

// checkText walks a decoded message for strings holding NUL (protojson
// already refuses invalid UTF-8).
func checkText(v any) error {
	m, ok := v.(proto.Message)
	if !ok {
		return nil
	}
	if hasNUL(m.ProtoReflect()) {
		return errInvalidText
	}
	return nil
}

func hasNUL(m protoreflect.Message) bool {
	found := false
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList():
			l := v.List()
			for i := 0; i < l.Len() && !found; i++ {
				found = valueHasNUL(fd, l.Get(i))
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				found = strings.IndexByte(k.String(), 0) >= 0 || valueHasNUL(fd.MapValue(), mv)
				return !found
			})
		default:
			found = valueHasNUL(fd, v)
		}
		return !found
	})
	return found
}

func valueHasNUL(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
	switch fd.Kind() {
	case protoreflect.StringKind:
		return strings.IndexByte(v.String(), 0) >= 0
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return hasNUL(v.Message())
	}
	return false
}
