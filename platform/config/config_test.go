package config

import (
	"strings"
	"testing"
	"time"
)

func TestReaderNamesEveryProblem(t *testing.T) {
	r := FromMap(map[string]string{"PORT": "abc", "WAIT": "soon", "TZ_NAME": "Mars/Olympus", "LIST": " a, ,b "})
	r.Required("DATABASE_URL")
	r.Int("PORT", 1)
	r.Duration("WAIT", time.Second)
	r.Location("TZ_NAME", "UTC")
	if got := r.List("LIST", nil); strings.Join(got, "|") != "a|b" {
		t.Fatalf("List = %q", got)
	}
	err := r.Err()
	if err == nil {
		t.Fatal("want an error")
	}
	for _, want := range []string{"DATABASE_URL is required", "PORT must be a whole number", "WAIT must be a duration", "TZ_NAME must be an IANA time zone"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestReaderDefaults(t *testing.T) {
	r := FromMap(map[string]string{"SET": " value ", "BLANK": "  "})
	if r.String("SET", "d") != "value" || r.String("BLANK", "d") != "d" || r.Int("MISSING", 7) != 7 {
		t.Fatal("defaults or trimming wrong")
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
}
