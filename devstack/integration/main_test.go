package integration

import (
	"os"
	"testing"

	"github.com/slotwise/slotwise/devstack/stacktest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	stacktest.RemoveBuilt()
	os.Exit(code)
}
