package rest

import (
	"crypto/sha256"
	"sync"

	"google.golang.org/protobuf/proto"
)

// encodedMemo remembers the JSON of large answers by their content: the
// same message (type and bytes) always prints the same JSON, so a listing
// page that catalog-svc serves from memory is not printed again by every
// gateway request (protojson was a third of the process's CPU on category
// pages; docs/bench/README.md). Keyed by a digest of the content itself, it
// can never answer with anything but what printing would give.
type encodedMemo struct {
	maxBytes int

	mu      sync.RWMutex
	bytes   int
	entries map[[sha256.Size]byte][]byte
}

// memoMinSize is the smallest message worth a digest: a small answer
// prints faster than it hashes and looks up. (An availability window,
// 914 bytes with 40 timestamps, printed in 14 times the time of a memo
// hit, but windows differ by service and day: they have a printer of their
// own, availability_print.go.)
const memoMinSize = 512

func newEncodedMemo(maxBytes int) *encodedMemo {
	return &encodedMemo{maxBytes: maxBytes, entries: map[[sha256.Size]byte][]byte{}}
}

var deterministic = proto.MarshalOptions{Deterministic: true}

// print returns msg's JSON from memory, or prints it with encode and
// remembers it. Messages under memoMinSize, or that do not marshal, are
// printed every time.
func (m *encodedMemo) print(msg proto.Message, encode func() ([]byte, error)) ([]byte, error) {
	if m == nil || proto.Size(msg) < memoMinSize {
		return encode()
	}
	raw, err := deterministic.Marshal(msg)
	if err != nil {
		return encode()
	}
	h := sha256.New()
	h.Write([]byte(msg.ProtoReflect().Descriptor().FullName()))
	h.Write([]byte{0})
	h.Write(raw)
	var key [sha256.Size]byte
	h.Sum(key[:0])
	m.mu.RLock()
	out, ok := m.entries[key]
	m.mu.RUnlock()
	if ok {
		return out, nil
	}
	out, err = encode()
	if err != nil || len(out) > m.maxBytes {
		return out, err
	}
	m.mu.Lock()
	if m.bytes+len(out) > m.maxBytes {
		m.entries, m.bytes = map[[sha256.Size]byte][]byte{}, 0 // start over: a bound is what matters
	}
	if _, dup := m.entries[key]; !dup {
		m.entries[key] = out
		m.bytes += len(out)
	}
	m.mu.Unlock()
	return out, nil
}
