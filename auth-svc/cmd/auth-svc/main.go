// Command auth-svc serves the auth service; "auth-svc migrate" applies its migrations.
package main

import (
	"github.com/slotwise/slotwise/platform/svc"

	authsvc "github.com/slotwise/slotwise/auth-svc"
)

func main() { svc.Main("auth-svc", authsvc.Program) }
