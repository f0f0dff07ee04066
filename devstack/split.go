package devstack

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/slotwise/slotwise/gateway"
)

// SplitOptions configure a split stack: every program as its own OS
// process, configured by the chart's env.
type SplitOptions struct {
	// BinDir holds the programs' binaries (BuildPrograms; `make up SPLIT=1`
	// builds them into bin/).
	BinDir string
	// ValuesFile is the chart's values (helm/slotwise/values.yaml).
	ValuesFile   string
	DatabaseURL  string
	KafkaBrokers []string
	// OTLPEndpoint receives every program's spans; empty: no tracing.
	OTLPEndpoint string
	// SMTPAddr is where notification-svc mails; empty: nowhere.
	SMTPAddr   string
	SigningKey ed25519.PrivateKey
	// APIAddr is where the gateway listens (":5001"); empty: its own
	// loopback address.
	APIAddr     string
	CORSOrigins []string
	// Replicas is how many processes run a program (1 when absent).
	Replicas map[string]int
	// Env is added to every process's environment after the chart's
	// ("GRPC_MAX_CONNECTION_AGE=5s").
	Env []string
	// LogDir gets one log file per process.
	LogDir string
	// Echo also receives every line the processes write, prefixed with the
	// process's name (nil: only the log files).
	Echo io.Writer
	// Say receives the supervisor's messages (a process died); nil: stderr.
	Say func(format string, args ...any)
}

// Split is a running split stack. Each process listens on a loopback
// address of its own (127.x.y.n, the whole 127/8 is loopback on Linux);
// the replicas of a program share its ports, as pods do (one free port per
// port the chart gives the program). The programs reach each other through
// a name server of the stack that resolves a program's name to its ready
// replicas, the way a headless Service does: dns://<name server>/<program>:<port>.
type Split struct {
	// APIURL is the gateway's REST API.
	APIURL string
	// NameServer is the host:port of the stack's DNS server.
	NameServer string

	o      SplitOptions
	chart  *Chart
	ns     *nameServer
	subnet [3]byte // 127.a.b
	ctx    context.Context
	done   chan struct{}

	mu       sync.Mutex
	procs    []*Process
	nextHost byte
	ports    map[string]map[string]int // program → port name → port
}

// StartSplit migrates the schemas (as the chart's hook Jobs do), starts
// every program with its replicas, callees first, and returns once the
// gateway answers /readyz. The stack runs until ctx ends; then every
// process gets SIGTERM, and Wait returns when all are gone.
func StartSplit(ctx context.Context, o SplitOptions) (_ *Split, err error) {
	chart, err := LoadChart(o.ValuesFile)
	if err != nil {
		return nil, err
	}
	for _, p := range Programs {
		if !chart.Has(p) {
			return nil, fmt.Errorf("%s does not deploy %s", o.ValuesFile, p)
		}
		if _, err := os.Stat(filepath.Join(o.BinDir, p)); err != nil {
			return nil, fmt.Errorf("no %s binary in %s (`make up SPLIT=1` builds them): %w", p, o.BinDir, err)
		}
	}
	if err := os.MkdirAll(o.LogDir, 0o755); err != nil {
		return nil, err
	}
	if o.Say == nil {
		o.Say = func(format string, args ...any) { fmt.Fprintf(os.Stderr, "devstack: "+format+"\n", args...) }
	}
	if len(o.CORSOrigins) == 0 {
		o.CORSOrigins = gateway.DefaultCORSOrigins
	}
	s := &Split{o: o, chart: chart, ctx: ctx, done: make(chan struct{}), subnet: randomSubnet(), nextHost: 2,
		ports: map[string]map[string]int{}}
	if s.ns, err = startNameServer(s.hostIP(1).String()); err != nil {
		return nil, fmt.Errorf("name server: %w", err)
	}
	s.NameServer = s.ns.Addr()
	defer func() {
		if err != nil {
			s.stopAll()
			s.ns.Close()
		}
	}()
	if err := s.migrate(ctx); err != nil {
		return nil, err
	}
	for _, program := range Programs {
		n := max(o.Replicas[program], 1)
		if program == "gateway" {
			n = 1 // the API has one address
		}
		var started []*Process
		for range n {
			p, err := s.newProcess(program)
			if err != nil {
				return nil, err
			}
			if err := p.start(o.Echo); err != nil {
				return nil, err
			}
			started = append(started, p)
		}
		for _, p := range started {
			if err := s.ready(ctx, p); err != nil {
				return nil, err
			}
		}
	}
	if err := waitReadyz(ctx, s.APIURL+"/readyz", 60*time.Second, nil); err != nil {
		gw := s.Replicas("gateway")[0]
		return nil, fmt.Errorf("the API at %s was not ready: %w; the gateway's log ends:\n%s", s.APIURL, err, gw.LogTail(15))
	}
	go func() {
		<-ctx.Done()
		s.stopAll()
		s.ns.Close()
		close(s.done)
	}()
	return s, nil
}

// Wait returns once the stack stopped (its context ended).
func (s *Split) Wait() { <-s.done }

// Processes lists every process, in start order.
func (s *Split) Processes() []*Process {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.procs)
}

// Replicas lists the processes of one program.
func (s *Split) Replicas(program string) []*Process {
	var out []*Process
	for _, p := range s.Processes() {
		if p.Program == program {
			out = append(out, p)
		}
	}
	return out
}

// AddReplica starts one more process of program at a new address and
// returns once it is ready and resolvable: clients find it when they next
// re-resolve (after their connections age out, GRPC_MAX_CONNECTION_AGE).
func (s *Split) AddReplica(ctx context.Context, program string) (*Process, error) {
	if program == "gateway" {
		return nil, errors.New("the gateway has one replica: the API has one address")
	}
	p, err := s.newProcess(program)
	if err != nil {
		return nil, err
	}
	return p, s.run(ctx, p)
}

// run starts p and waits until it is ready.
func (s *Split) run(ctx context.Context, p *Process) error {
	if err := p.start(s.o.Echo); err != nil {
		return err
	}
	return s.ready(ctx, p)
}

// ready waits for p's readiness, then lets its program's name resolve to it.
func (s *Split) ready(ctx context.Context, p *Process) error {
	if err := p.waitReady(ctx, 60*time.Second); err != nil {
		return err
	}
	s.ns.add(p.Program, p.IP)
	return nil
}

// ended is called when a run of p ended: its name stops resolving to it,
// and an exit nobody asked for is reported loudly.
func (s *Split) ended(p *Process, expected bool, err error) {
	s.ns.remove(p.Program, p.IP)
	if expected || s.ctx.Err() != nil {
		return
	}
	s.o.Say("!!! %s (%s) DIED: %v. The other processes keep running. Its log (%s) ends:\n%s",
		p.Name, p.IP, err, p.LogPath, p.LogTail(10))
}

func (s *Split) stopAll() {
	procs := s.Processes()
	var wg sync.WaitGroup
	// The gateway first, so no call reaches a service that is stopping.
	for _, p := range procs {
		if p.Program == "gateway" {
			p.Stop()
		}
	}
	for _, p := range procs {
		wg.Add(1)
		go func() { defer wg.Done(); p.Stop() }()
	}
	wg.Wait()
}

// newProcess allocates the next loopback address and builds the env.
func (s *Split) newProcess(program string) (*Process, error) {
	s.mu.Lock()
	if s.nextHost == 255 {
		s.mu.Unlock()
		return nil, errors.New("split stack: out of loopback addresses")
	}
	ip := s.hostIP(s.nextHost)
	s.nextHost++
	n := 1
	for _, p := range s.procs {
		if p.Program == program {
			n++
		}
	}
	s.mu.Unlock()
	env, err := s.env(program, s.listen(program, ip))
	if err != nil {
		return nil, err
	}
	p := &Process{Program: program, Name: program + "-" + strconv.Itoa(n), IP: ip, bin: filepath.Join(s.o.BinDir, program), env: env, split: s}
	p.LogPath = filepath.Join(s.o.LogDir, p.Name+".log")
	os.Remove(p.LogPath) // a previous stack's; this process's restarts append
	listen := s.listen(program, ip)
	p.GRPCAddr = listen["GRPC_ADDR"]
	if a, ok := listen["ADMIN_ADDR"]; ok {
		p.AdminURL = "http://" + a
	} else {
		return nil, fmt.Errorf("%s has no admin port in the chart: split mode checks readiness there", program)
	}
	if program == "gateway" {
		s.APIURL = "http://" + reachable(listen["HTTP_ADDR"])
	}
	s.mu.Lock()
	s.procs = append(s.procs, p)
	s.mu.Unlock()
	return p, nil
}

// env is program's chart env for a process listening on listen.
func (s *Split) env(program string, listen map[string]string) ([]string, error) {
	targets := map[string]string{}
	for _, callee := range Programs {
		if port, ok := s.portsOf(callee)["grpc"]; ok {
			targets[callee] = fmt.Sprintf("dns://%s/%s:%d", s.ns.Addr(), callee, port)
		}
	}
	l := Local{DatabaseURL: s.o.DatabaseURL, KafkaBrokers: s.o.KafkaBrokers, OTLPEndpoint: s.o.OTLPEndpoint,
		SMTPAddr: s.o.SMTPAddr, CORSOrigins: s.o.CORSOrigins, Targets: targets, Listen: listen}
	if s.o.SigningKey != nil {
		l.SigningSeed = s.o.SigningKey.Seed()
	}
	env, err := s.chart.Env(program, l)
	if err != nil {
		return nil, err
	}
	// DEVSTACK=true marks every process as one of a development stack,
	// where auth-svc may take VERIFIED_EMAIL_DOMAINS (auth-svc/authsvc.go).
	return append(append(env, "DEVSTACK=true"), s.o.Env...), nil
}

// listen returns the listening addresses of a process of program at ip:
// the program's ports (portsOf) on ip, and the API address for the gateway.
func (s *Split) listen(program string, ip netip.Addr) map[string]string {
	ports := s.portsOf(program)
	out := map[string]string{}
	for v, name := range ListenVars {
		if port, ok := ports[name]; ok {
			out[v] = net.JoinHostPort(ip.String(), strconv.Itoa(port))
		}
	}
	if program == "gateway" && s.o.APIAddr != "" {
		out["HTTP_ADDR"] = s.o.APIAddr
	}
	return out
}

// portsOf returns a port for each port the chart gives program, the same
// for all its replicas (a target names one port), picked once among the
// ports free on every interface: the chart's own (7003, 9090, …) may be
// held by a process listening on all interfaces, a developer's `make up`
// on :5001 say.
func (s *Split) portsOf(program string) map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.ports[program]; ok {
		return p
	}
	p := map[string]int{}
	for _, name := range s.chart.PortNames(program) {
		p[name] = freePort()
	}
	s.ports[program] = p
	return p
}

// freePort asks the kernel for a port free on every interface.
func freePort() int {
	l, err := net.Listen("tcp", ":0")
	if err != nil {
		return 0 // the process fails to listen and says so
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// migrate runs `<program> migrate` for every program with migrations, as
// the chart's pre-install hook Jobs do, so replicas starting together do
// not race to create a schema.
func (s *Split) migrate(ctx context.Context) error {
	for _, program := range Programs {
		if !s.chart.components[program].Migration.Enabled {
			continue
		}
		env, err := s.env(program, s.listen(program, s.hostIP(1)))
		if err != nil {
			return err
		}
		cmd := exec.CommandContext(ctx, filepath.Join(s.o.BinDir, program), "migrate")
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s migrate: %v\n%s", program, err, out)
		}
	}
	return nil
}

func (s *Split) hostIP(n byte) netip.Addr {
	return netip.AddrFrom4([4]byte{s.subnet[0], s.subnet[1], s.subnet[2], n})
}

// randomSubnet picks 127.a.b.0/24 with a ≠ 0, so stacks started side by
// side (tests, a developer's `make up`) do not share addresses, and none
// uses 127.0.0.1.
func randomSubnet() [3]byte {
	a, _ := rand.Int(rand.Reader, big.NewInt(254))
	b, _ := rand.Int(rand.Reader, big.NewInt(256))
	return [3]byte{127, byte(a.Int64() + 1), byte(b.Int64())}
}

// reachable is where a person reaches an address: localhost for one on
// every interface.
func reachable(addr string) string {
	host, port, _ := net.SplitHostPort(addr)
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
