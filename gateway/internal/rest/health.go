package rest

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// readiness asks every backend's standard health service.
func readiness(backends map[string]*grpc.ClientConn) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		var mu sync.Mutex
		var wg sync.WaitGroup
		result := map[string]string{}
		ready := true
		for name, conn := range backends {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
				state := "SERVING"
				if err != nil {
					state = "UNREACHABLE"
				} else if resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
					state = resp.GetStatus().String()
				}
				mu.Lock()
				defer mu.Unlock()
				result[name] = state
				if state != "SERVING" {
					ready = false
				}
			}()
		}
		wg.Wait()
		w.Header().Set("Content-Type", "application/json")
		if !ready {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		json.NewEncoder(w).Encode(map[string]any{"success": ready, "ready": ready, "services": result})
	}
}

func liveness(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"success":true,"status":"ok"}` + "\n"))
}
