// Command tracesnap writes the largest recent trace of a gateway route, as
// an HTML waterfall, from Jaeger's HTTP API.
//
//	go run ./devstack/cmd/tracesnap -operation "POST /appointments" -out trace.html
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/slotwise/slotwise/devstack/tracesnap"
)

func main() {
	jaeger := flag.String("jaeger", "http://127.0.0.1:16686", "Jaeger query address")
	service := flag.String("service", "gateway", "service of the root span")
	operation := flag.String("operation", "POST /appointments", "operation of the root span")
	out := flag.String("out", "trace.html", "output HTML file")
	flag.Parse()
	f, err := os.Create(*out)
	if err == nil {
		err = tracesnap.Write(f, *jaeger, *service, *operation)
		f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tracesnap:", err)
		os.Exit(1)
	}
}
