package identity

import (
	"crypto/md5"
	"encoding/hex"
)

// OwnerMemberID is the id of a provider's owner team member:
// md5('owner:' || providerID)::uuid, as catalog-svc's migration 008 and
// booking-svc's reads write it, so each service names the owner without
// asking the other (docs/adr/0065-staff-schedules-over-an-internal-call.md).
func OwnerMemberID(providerID string) string {
	sum := md5.Sum([]byte("owner:" + providerID))
	h := hex.EncodeToString(sum[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
