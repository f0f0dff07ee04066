// Command catalog-svc serves the catalog service; "catalog-svc migrate" applies its migrations.
package main

import (
	"github.com/slotwise/slotwise/platform/svc"

	catalogsvc "github.com/slotwise/slotwise/catalog-svc"
)

func main() { svc.Main("catalog-svc", catalogsvc.Program) }
