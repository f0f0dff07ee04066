package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// process is one OS process of the system under test.
type process struct {
	pid  int
	name string
}

// label names a process in reports: its command and pid.
func (p process) label() string { return fmt.Sprintf("%s[%d]", p.name, p.pid) }

// processTree returns root and every process descending from it (Linux
// /proc): the devstack and, in split mode, the programs it started.
func processTree(root int) []process {
	type stat struct {
		ppid int
		name string
	}
	all := map[int]stat{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		raw, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces or parentheses.
		s := string(raw)
		open, closing := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || closing < open {
			continue
		}
		fields := strings.Fields(s[closing+1:])
		if len(fields) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		all[pid] = stat{ppid: ppid, name: s[open+1 : closing]}
	}
	var out []process
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		st, ok := all[pid]
		if !ok {
			continue
		}
		out = append(out, process{pid: pid, name: st.name})
		for child, cs := range all {
			if cs.ppid == pid {
				queue = append(queue, child)
			}
		}
	}
	return out
}

// rssBytes is a process's resident set size (0 when it is gone).
func rssBytes(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// scrapeGauge reads one unlabelled series from a Prometheus endpoint.
func scrapeGauge(ctx context.Context, client *http.Client, url, name string) (float64, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			return strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	return 0, fmt.Errorf("%s has no %s", url, name)
}

// saveProfile stores a program's heap profile (its admin port's pprof).
func saveProfile(ctx context.Context, client *http.Client, metricsURL, path string) error {
	url := strings.TrimSuffix(metricsURL, "/metrics") + "/debug/pprof/heap"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", url, resp.Status)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}

// dirBytes is the size of the files under dir.
func dirBytes(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// cpuSeconds is the CPU time a process has used (user + system; Linux
// /proc, USER_HZ 100), or false when it is gone.
func cpuSeconds(pid int) (float64, bool) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0, false
	}
	// After the comm: state is field 3, utime 14 and stime 15.
	utime, err1 := strconv.ParseFloat(fields[11], 64)
	stime, err2 := strconv.ParseFloat(fields[12], 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return (utime + stime) / 100, true
}
