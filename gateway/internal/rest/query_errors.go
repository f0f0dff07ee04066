package rest

import (
	"regexp"
	"strings"
)

// grpc-gateway refuses a query parameter it cannot parse with its parser's
// words (`parsing field "days": strconv.ParseInt: parsing "abc": invalid
// syntax`). queryParamMessage says the same to a person: which parameter,
// and what it must be. ok is false for any other message, which stays as it is.
var (
	parsingField = regexp.MustCompile(`^parsing (?:field|list) "([A-Za-z0-9_]+)": (.*)$`)
	manyValues   = regexp.MustCompile(`^too many values for field "([A-Za-z0-9_]+)": `)
)

func queryParamMessage(msg string) (string, bool) {
	if m := manyValues.FindStringSubmatch(msg); m != nil {
		return m[1] + " may be given only once", true
	}
	m := parsingField.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	field, cause := m[1], m[2]
	switch {
	case strings.HasSuffix(cause, "value out of range"):
		return field + " is out of range", true
	case strings.HasPrefix(cause, "strconv.ParseInt"), strings.HasPrefix(cause, "strconv.ParseUint"):
		return field + " must be a whole number", true
	case strings.HasPrefix(cause, "strconv.ParseFloat"):
		return field + " must be a number", true
	case strings.HasPrefix(cause, "strconv.ParseBool"):
		return field + " must be true or false", true
	}
	return field + " is not valid", true
}
