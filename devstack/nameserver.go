package devstack

import (
	"net"
	"net/netip"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/dns/dnsmessage"
)

// nameServer answers DNS A queries for the split stack's programs, the way
// a Kubernetes headless Service does: a program's name resolves to the
// address of each of its replicas that is ready. The programs dial
// dns://<this server>/<program>:<port>, so gRPC's own DNS resolver finds
// every replica, and finds replicas added later when it re-resolves.
// Only the first label of a name counts ("booking-svc" and
// "booking-svc.search.domain" are the same), because the resolver may try
// the host's search domains first.
type nameServer struct {
	conn  net.PacketConn
	mu    sync.Mutex
	hosts map[string][]netip.Addr
}

func startNameServer(ip string) (*nameServer, error) {
	conn, err := net.ListenPacket("udp", net.JoinHostPort(ip, "0"))
	if err != nil {
		return nil, err
	}
	ns := &nameServer{conn: conn, hosts: map[string][]netip.Addr{}}
	go ns.serve()
	return ns, nil
}

// Addr is the server's host:port.
func (ns *nameServer) Addr() string { return ns.conn.LocalAddr().String() }

func (ns *nameServer) Close() { ns.conn.Close() }

// add makes name resolve to ip too.
func (ns *nameServer) add(name string, ip netip.Addr) {
	ns.mu.Lock()
	defer ns.mu.Unlock()
	if !slices.Contains(ns.hosts[name], ip) {
		ns.hosts[name] = append(ns.hosts[name], ip)
	}
}

// remove stops name resolving to ip.
func (ns *nameServer) remove(name string, ip netip.Addr) {
	ns.mu.Lock()
	defer ns.mu.Unlock()
	ns.hosts[name] = slices.DeleteFunc(ns.hosts[name], func(a netip.Addr) bool { return a == ip })
}

func (ns *nameServer) lookup(name string) ([]netip.Addr, bool) {
	ns.mu.Lock()
	defer ns.mu.Unlock()
	first, _, _ := strings.Cut(strings.TrimSuffix(name, "."), ".")
	addrs, ok := ns.hosts[first]
	return slices.Clone(addrs), ok
}

func (ns *nameServer) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := ns.conn.ReadFrom(buf)
		if err != nil {
			return // closed
		}
		if resp, err := ns.answer(buf[:n]); err == nil {
			ns.conn.WriteTo(resp, from)
		}
	}
}

// answer builds the response to one query: the A records of a known name
// (TTL 0: nothing caches them), no records for its other types, NXDOMAIN
// for names the stack does not have.
func (ns *nameServer) answer(query []byte) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	questions, err := p.AllQuestions()
	if err != nil {
		return nil, err
	}
	resp := dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired}
	var answers []dnsmessage.AResource
	var q dnsmessage.Question
	if len(questions) == 1 {
		q = questions[0]
		addrs, known := ns.lookup(q.Name.String())
		switch {
		case !known:
			resp.RCode = dnsmessage.RCodeNameError
		case q.Type == dnsmessage.TypeA:
			for _, a := range addrs {
				answers = append(answers, dnsmessage.AResource{A: a.As4()})
			}
		}
	} else {
		resp.RCode = dnsmessage.RCodeFormatError
	}
	b := dnsmessage.NewBuilder(nil, resp)
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	for _, question := range questions {
		if err := b.Question(question); err != nil {
			return nil, err
		}
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	for _, a := range answers {
		if err := b.AResource(dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET}, a); err != nil {
			return nil, err
		}
	}
	return b.Finish()
}
