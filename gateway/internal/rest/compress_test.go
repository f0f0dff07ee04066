package rest

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// bigJSON answers a public read of about 6 KB, or a small one on /services/small.
var bigJSON = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if strings.HasSuffix(r.URL.Path, "/small") {
		_, _ = io.WriteString(w, `{"success":true,"data":{}}`)
		return
	}
	_, _ = io.WriteString(w, `{"success":true,"slots":[`+strings.Repeat(`{"time":"09:00","available":true},`, 180)+`{}]}`)
})

func decode(t *testing.T, enc string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	default:
		return body
	}
	plain, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return plain
}

// A large answer goes out in the encoding the client takes and decodes to
// the plain bytes; its ETag is then weak (the encoded bytes differ from the
// plain ones the tag digests, RFC 9110 §8.8.1), and sending either form of
// it back still answers 304, with the same tag. A client that takes no
// encoding gets the plain bytes and the strong tag.
func TestCompressLargeAnswersKeepingETags(t *testing.T) {
	h := compress(publicCache(nil, bigJSON))
	plain := get(h, "/services/s1/availability")
	if plain.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(plain.Header().Get("ETag"), `"`) {
		t.Fatalf("no Accept-Encoding: encoding %q, ETag %q", plain.Header().Get("Content-Encoding"), plain.Header().Get("ETag"))
	}
	strong := plain.Header().Get("ETag")
	for _, c := range []struct{ accept, enc string }{
		{"gzip", "gzip"},
		{"gzip, deflate, br, zstd", "zstd"},
		{"zstd;q=0, gzip;q=0.5", "gzip"},
		{"identity", ""},
		{"gzip;q=0", ""},
	} {
		t.Run(c.accept, func(t *testing.T) {
			w := get(h, "/services/s1/availability", "Accept-Encoding", c.accept)
			if got := w.Header().Get("Content-Encoding"); got != c.enc {
				t.Fatalf("Content-Encoding %q, want %q", got, c.enc)
			}
			if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
				t.Fatalf("Vary %q", w.Header().Get("Vary"))
			}
			if got := decode(t, c.enc, w.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
				t.Fatalf("decoded %d bytes, want the %d plain ones", len(got), plain.Body.Len())
			}
			tag := w.Header().Get("ETag")
			if c.enc == "" {
				return
			}
			if w.Body.Len() > plain.Body.Len()/4 || w.Header().Get("Content-Length") != "" {
				t.Fatalf("%d encoded bytes of %d, Content-Length %q", w.Body.Len(), plain.Body.Len(), w.Header().Get("Content-Length"))
			}
			if tag != "W/"+strong {
				t.Fatalf("ETag %q, want W/%s", tag, strong)
			}
			for _, inm := range []string{tag, strong} {
				nm := get(h, "/services/s1/availability", "Accept-Encoding", c.accept, "If-None-Match", inm)
				if nm.Code != http.StatusNotModified || nm.Body.Len() != 0 || nm.Header().Get("ETag") != tag {
					t.Fatalf("If-None-Match %s: %d, %d bytes, ETag %q", inm, nm.Code, nm.Body.Len(), nm.Header().Get("ETag"))
				}
			}
		})
	}
}

// An answer under compressMinSize goes out plain, still marked Vary, and
// errors keep their JSON body.
func TestCompressLeavesSmallAnswersPlain(t *testing.T) {
	h := compress(publicCache(nil, bigJSON))
	w := get(h, "/services/small", "Accept-Encoding", "gzip")
	if w.Header().Get("Content-Encoding") != "" || w.Body.String() != `{"success":true,"data":{}}` {
		t.Fatalf("small answer: encoding %q, body %q", w.Header().Get("Content-Encoding"), w.Body)
	}
	if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("Vary %q", w.Header().Get("Vary"))
	}
}
