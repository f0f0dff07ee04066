package identity

import "testing"

// The id must be PostgreSQL's md5('owner:' || id)::uuid (the migrations'):
// the value below is what
// SELECT md5('owner:' || 'p1')::uuid answers.
func TestOwnerMemberIDMatchesPostgres(t *testing.T) {
	want := "15ffac7f-3f9b-659f-4192-b1fab1df1e60"
	if got := OwnerMemberID("p1"); got != want {
		t.Fatalf("OwnerMemberID(p1) = %s, want %s", got, want)
	}
}
