package devstack

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// Endpoints is what a running devstack serves, written to
// <DEVSTACK_DIR>/endpoints.json once it is ready, for tools that start it
// as a process (the integration tests, the bench's soak drill) to read
// instead of parsing its console lines.
type Endpoints struct {
	API    string `json:"api"`
	Broker string `json:"broker,omitempty"`
	// Metrics are the Prometheus endpoints by program (by process in split
	// mode: "booking-svc-1", and "devstack", the supervisor with the broker).
	Metrics map[string]string `json:"metrics"`
	// Pids are the process ids by process (split mode only), for drills
	// that stop or pause one program.
	Pids map[string]int `json:"pids,omitempty"`
	// Prometheus is the devstack's Prometheus, when it runs (written again
	// when one built in the background joins).
	Prometheus string `json:"prometheus,omitempty"`
}

// EndpointsFile is where a devstack with state directory dir writes its
// Endpoints.
func EndpointsFile(dir string) string { return filepath.Join(dir, "endpoints.json") }

// WriteEndpoints stores e in dir atomically (a reader never sees half a file).
func WriteEndpoints(dir string, e Endpoints) error {
	raw, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	tmp := EndpointsFile(dir) + ".tmp"
	if err := os.WriteFile(tmp, raw, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, EndpointsFile(dir))
}

// ReadEndpoints loads what WriteEndpoints stored.
func ReadEndpoints(dir string) (Endpoints, error) {
	var e Endpoints
	raw, err := os.ReadFile(EndpointsFile(dir))
	if err != nil {
		return e, err
	}
	return e, json.Unmarshal(raw, &e)
}
