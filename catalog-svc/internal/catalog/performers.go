package catalog

import (
	"errors"
	"strings"
)

// Every service keeps a performer (issue 50): a team change that would
// leave a service nobody performs — removing its last member, or that
// member dropping it — is refused, naming the services, so the provider
// gives them to someone else first. The repository checks it under the
// team's lock, so two changes at once cannot each leave the other's
// service empty.

// LastPerformerError is the repository's "member is the only performer
// of services" (their names, in order).
type LastPerformerError struct {
	Member   string
	Services []string
}

func (e *LastPerformerError) Error() string {
	return "last performer of " + strings.Join(e.Services, ", ")
}

// LastPerformerMessage refuses leaving services without a performer.
func LastPerformerMessage(member string, services []string) string {
	it := "it"
	if len(services) > 1 {
		it = "them"
	}
	return member + " is the only team member who performs " + listNames(services) +
		": choose another member to perform " + it + " first"
}

// listNames is "A", "A and B", "A, B and C".
func listNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// lastPerformer is err as the provider's 409, when it is one.
func lastPerformer(err error) (string, bool) {
	var lp *LastPerformerError
	if errors.As(err, &lp) {
		return LastPerformerMessage(lp.Member, lp.Services), true
	}
	return "", false
}
