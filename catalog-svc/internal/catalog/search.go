package catalog

import (
	"strings"
	"unicode"
)

// MaxSearchWords bounds how many words of a search are matched: the rest of
// a pasted paragraph would only narrow the result to nothing.
const MaxSearchWords = 8

// SearchWords splits a search into the words the index knows: runs of
// letters and digits, lower-cased. Everything else (punctuation, the full-text
// query operators & | ! : * ( ) <->) only separates words, so no input can
// change the query's shape.
func SearchWords(q string) []string {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) > MaxSearchWords {
		words = words[:MaxSearchWords]
	}
	return words
}
