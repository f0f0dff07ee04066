package apperr

import (
	"errors"
	"fmt"
	"testing"
)

func TestKindOf(t *testing.T) {
	wrapped := fmt.Errorf("context: %w", Conflict("taken"))
	if KindOf(wrapped) != KindConflict || KindOf(errors.New("x")) != KindInternal || KindOf(Invalidf("bad %d", 1)) != KindInvalid {
		t.Fatal("KindOf misclassifies")
	}
}
