package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// LoadConn is one client of a throughput scenario: a single keep-alive
// HTTP/1.1 connection on which the calling goroutine writes each request
// and reads its response, as wrk does. The load generator shares the
// machine with the system it measures, and net/http's client hands every
// request to two goroutines of its own (about a tenth of the Go side's CPU
// in a booking run); this keeps the generator's cost near the baseline
// loop's. Not safe for concurrent use.
type LoadConn struct {
	addr, host string
	conn       net.Conn
	br         *bufio.Reader
	buf        []byte
	// ETag is the last response's ETag header ("" when it had none).
	ETag string
}

// loadTimeout bounds one request, so a stuck server fails the request
// rather than hanging the scenario.
const loadTimeout = 10 * time.Second

// NewLoadConn returns a client of the gateway (dialled on first use).
func (e *Env) NewLoadConn() (*LoadConn, error) { return NewLoadConnTo(e.API) }

// NewLoadConnTo returns a client of the server at base (http://host:port).
func NewLoadConnTo(base string) (*LoadConn, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	return &LoadConn{addr: u.Host, host: u.Host}, nil
}

// Book sends one booking of s and returns the response status; the body
// is read to the end.
func (c *LoadConn) Book(token string, s Slot) (int, error) {
	body, err := json.Marshal(BookingBody(s.ServiceID, s.Date, s.Time))
	if err != nil {
		return 0, err
	}
	return c.Post("/appointments", token, body)
}

// Post sends body as JSON to path with a bearer token; the response body
// is read and dropped.
func (c *LoadConn) Post(path, token string, body []byte) (int, error) {
	status, _, err := c.send("POST", path, token, "", body, false)
	return status, err
}

// Send is one request with its response body. header is extra header
// lines ("Name: value\r\n"), or empty.
func (c *LoadConn) Send(method, path, token, header string, body []byte) (int, []byte, error) {
	return c.send(method, path, token, header, body, true)
}

func (c *LoadConn) send(method, path, token, header string, body []byte, keep bool) (int, []byte, error) {
	if c.conn == nil {
		conn, err := net.DialTimeout("tcp", c.addr, loadTimeout)
		if err != nil {
			return 0, nil, err
		}
		c.conn, c.br = conn, bufio.NewReaderSize(conn, 16<<10)
	}
	b := append(c.buf[:0], method...)
	b = append(b, ' ')
	b = append(b, path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, c.host...)
	b = append(b, "\r\n"...)
	if token != "" { // anonymous: the public reads a CDN would serve
		b = append(b, "Authorization: Bearer "...)
		b = append(b, token...)
		b = append(b, "\r\n"...)
	}
	b = append(b, header...)
	b = append(b, "Content-Type: application/json\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(body)), 10)
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)
	c.buf = b
	c.conn.SetDeadline(time.Now().Add(loadTimeout))
	if _, err := c.conn.Write(b); err != nil {
		c.Close()
		return 0, nil, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		c.Close()
		return 0, nil, err
	}
	c.ETag = resp.Header.Get("ETag")
	var raw []byte
	if keep {
		raw, err = io.ReadAll(resp.Body)
	} else {
		_, err = io.Copy(io.Discard, resp.Body)
	}
	resp.Body.Close()
	if err != nil || resp.Close {
		c.Close()
	}
	if err != nil {
		return 0, nil, fmt.Errorf("read response: %w", err)
	}
	return resp.StatusCode, raw, nil
}

// Close drops the connection; the next request dials again.
func (c *LoadConn) Close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn, c.br = nil, nil
	}
}
