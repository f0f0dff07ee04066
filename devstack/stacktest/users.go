package stacktest

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"testing"
)

// User is a registered, logged-in account.
type User struct {
	ID       string
	Email    string
	Password string
	Role     string
	Token    string
	// Refresh is the session's refresh token (POST /auth/refresh).
	Refresh string
}

// Registration returns a valid registration body for role.
func Registration(role, email string) map[string]any {
	body := map[string]any{
		"email": email, "password": "secret123", "fullName": "Test " + role, "phoneNumber": "9876543210",
		"address": "12 MG Road, Bengaluru", "gender": "female", "role": role,
	}
	if role == "provider" {
		body["businessInfo"] = map[string]any{"businessName": "Acme Care", "location": "MG Road, Bengaluru",
			"businessDescription": "Clinic", "businessCategory": "healthcare", "businessHours": "9-5"}
	}
	return body
}

// UniqueEmail returns an email no other test uses.
func UniqueEmail(prefix string) string {
	b := make([]byte, 5)
	rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b) + "@example.com"
}

// NewUser registers and logs in a user of role ("customer" or "provider").
func (c Client) NewUser(t testing.TB, role string) User {
	t.Helper()
	email := UniqueEmail(role)
	c.Post(t, "/auth/register", "", Registration(role, email)).ExpectStatus(t, http.StatusCreated)
	return c.Login(t, email, "secret123", role)
}

// Login logs in and returns the user with its token.
func (c Client) Login(t testing.TB, email, password, role string) User {
	t.Helper()
	r := c.Post(t, "/auth/login-with-role", "", map[string]any{"email": email, "password": password, "role": role}).ExpectStatus(t, http.StatusOK)
	return User{ID: r.String("user._id"), Email: email, Password: password, Role: role, Token: r.String("token"),
		Refresh: r.String("refreshToken")}
}
