package notification

import (
	"bytes"
	"embed"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// Letter is a mail's content in the one layout every Slotwise mail uses
// (templates/letter.html and letter.txt): a title, an optional greeting,
// paragraphs, rows of details, a button link, a footer and an unsubscribe
// link. Account mails use it as the notifications do.
type Letter struct {
	Title      string
	Greeting   string
	Paragraphs []string
	Details    []Row
	Button     Link
	Footer     string
	// Unsubscribe is the recipient's signed link that switches their
	// mails off; empty leaves it out.
	Unsubscribe string
}

// Row is one detail: "Date", "Tue 1 Dec 2026".
type Row struct{ Label, Value string }

// Link is a button: its text and where it goes.
type Link struct{ Label, URL string }

//go:embed templates/letter.html templates/letter.txt
var letterFiles embed.FS

// The HTML part escapes every value by its context (html/template); the
// text part is plain text and needs none.
var (
	letterHTML = htmltemplate.Must(htmltemplate.ParseFS(letterFiles, "templates/letter.html"))
	letterText = texttemplate.Must(texttemplate.ParseFS(letterFiles, "templates/letter.txt"))
)

// Render writes l as the plain-text and HTML parts of a mail.
func Render(l Letter) (text, html string, err error) {
	var t, h bytes.Buffer
	if err := letterText.Execute(&t, l); err != nil {
		return "", "", err
	}
	if err := letterHTML.Execute(&h, l); err != nil {
		return "", "", err
	}
	return t.String(), h.String(), nil
}
